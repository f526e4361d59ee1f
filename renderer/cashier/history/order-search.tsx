import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';

/**
 * Search by reference (an empty search shows the day), and while a search is shown, the way
 * back to the day's orders.
 */
export function OrderSearch({
  searching,
  onSearch,
  onShowDay,
}: {
  /** The list shows the matches of a search. */
  searching: boolean;
  onSearch: (text: string) => void;
  onShowDay: () => void;
}) {
  const [query, setQuery] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(query);
      }}
    >
      <Group gap="xs" align="end">
        <TextInput
          aria-label="Search by reference"
          placeholder="Reference, e.g. K7M-Q4X"
          value={query}
          maxLength={64}
          onChange={(event) => setQuery(event.currentTarget.value)}
          data-testid="history-search"
        />
        <Button type="submit" size="md" variant="light" data-testid="history-search-button">
          Search
        </Button>
        {searching ? (
          <Button
            size="md"
            variant="subtle"
            onClick={() => {
              setQuery('');
              onShowDay();
            }}
          >
            Show all orders
          </Button>
        ) : null}
      </Group>
    </form>
  );
}

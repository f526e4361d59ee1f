import { Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import type { CallFailure } from '../../../../shared/ipc/contract-kit';
import { Logo } from '../../../common/logo';
import { FailureAlert } from '../../errors/failure-alert';
import { filterOptions, needsSearch, type PickerOption } from './picker-search';

export interface PickerItem extends PickerOption {
  /** A second line: decimals, chain… */
  detail?: string;
  logo: string | null;
}

interface OptionPickerProps {
  title: string;
  testId: string;
  items: readonly PickerItem[] | null;
  value: string | null;
  onChange: (id: string) => void;
  failure?: CallFailure | null;
  onRetry?: () => void;
  /** Changes when the picker should take the keyboard focus (e.g. after the chain was picked). */
  focusToken?: number;
  emptyText?: string;
}

/**
 * Large tiles with logo, name and detail, one per option (a radio group), and a search box
 * once the list is long. Logos are data: URLs fetched by main: the page never reaches the network.
 */
export const OptionPicker = memo(function OptionPicker(props: OptionPickerProps) {
  const { title, testId, items, value, onChange, failure, onRetry, focusToken, emptyText } = props;
  const [query, setQuery] = useState('');
  const group = useRef<HTMLDivElement>(null);
  const shown = useMemo(() => (items ? filterOptions(items, query) : []), [items, query]);
  const searchable = items ? needsSearch(items.length) : false;

  // Focus once per token, when the options are there: a later re-render must not steal the focus back.
  const focusedFor = useRef(0);
  useEffect(() => {
    if (focusToken === undefined || focusToken === 0 || !items || focusedFor.current === focusToken)
      return;
    focusedFor.current = focusToken;
    const tiles = group.current?.querySelectorAll<HTMLButtonElement>('button[role="radio"]');
    const chosen = group.current?.querySelector<HTMLButtonElement>('button[aria-checked="true"]');
    (chosen ?? tiles?.[0])?.focus();
  }, [focusToken, items]);

  return (
    <Stack gap={6} data-testid={testId}>
      <Group justify="space-between" align="end">
        <Text fw={700} size="lg" id={`${testId}-title`}>
          {title}
        </Text>
        {searchable ? (
          <TextInput
            size="sm"
            w={200}
            placeholder="Search…"
            aria-label={`Search ${title.toLowerCase()}`}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            data-testid={`${testId}-search`}
          />
        ) : null}
      </Group>
      {failure ? <FailureAlert failure={failure} {...(onRetry ? { onRetry } : {})} /> : null}
      {!items && !failure ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text c="dimmed">Loading…</Text>
        </Group>
      ) : null}
      {items && items.length === 0 ? (
        <Text c="dimmed">{emptyText ?? 'Nothing to choose from.'}</Text>
      ) : null}
      {items && items.length > 0 && shown.length === 0 ? (
        <Text c="dimmed">No match for “{query}”.</Text>
      ) : null}
      <SimpleGrid
        cols={{ base: 2, md: 3 }}
        spacing="xs"
        role="radiogroup"
        aria-labelledby={`${testId}-title`}
        ref={group}
      >
        {shown.map((item) => (
          <button
            key={item.id}
            type="button"
            role="radio"
            aria-checked={item.id === value}
            className="picker-tile"
            data-testid={`${testId}-option-${item.id}`}
            onClick={() => onChange(item.id)}
          >
            <Logo src={item.logo} name={item.label} size={36} />
            <span style={{ minWidth: 0 }}>
              <Text fw={700} size="md" truncate>
                {item.label}
              </Text>
              {item.detail ? (
                <Text size="xs" c="dimmed" truncate>
                  {item.detail}
                </Text>
              ) : null}
            </span>
          </button>
        ))}
      </SimpleGrid>
    </Stack>
  );
});

import { Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import type { CallFailure } from '../../../../shared/ipc/contract-kit';
import { whenIdle } from '../../../common/when-idle';
import { FailureAlert } from '../../errors/failure-alert';
import { PickerGrid, type PickerItem } from './picker-grid';
import { filterOptions, needsSearch, prepareSearch } from './picker-search';

export type { PickerItem } from './picker-grid';

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
  /** Said under the title when the list shown is the one saved last time (the service did not answer). */
  note?: string | null;
  /** The logo of an option, once main has fetched it (undefined: not yet). */
  logoOf?: (id: string) => string | null | undefined;
  /** Told which options are on screen, so their logos can be asked for. */
  onRowsShown?: (ids: string[]) => void;
}

/**
 * Large tiles with logo, name and detail, one per option (a radio group), and a search box
 * once the list is long; a long list is virtualised (picker-grid.tsx). Logos are data: URLs
 * fetched by main for the rows on screen: the page never reaches the network.
 */
export const OptionPicker = memo(function OptionPicker(props: OptionPickerProps) {
  const { title, testId, items, value, onChange, failure, onRetry, focusToken, emptyText } = props;
  const [query, setQuery] = useState('');
  // Filtered in the keystroke's own render: with the lower-cased index built ahead
  // (prepareSearch) 10 000 options take well under a millisecond, and only the rows in view
  // render. Deferring it (useDeferredValue) cost a second render, often a frame later.
  const group = useRef<HTMLDivElement>(null);
  const focusAt = useRef<((index: number) => void) | null>(null);
  const shown = useMemo(() => (items ? filterOptions(items, query) : []), [items, query]);
  const searchable = items ? needsSearch(items.length) : false;
  // The first keystroke finds the list's search index ready: built once the page is idle,
  // after the list was painted (a keystroke before that builds it itself).
  useEffect(() => {
    if (!items || !searchable) return;
    return whenIdle(() => prepareSearch(items));
  }, [items, searchable]);

  // Focus once per token, when the options are there: a later re-render must not steal the focus back.
  const focusedFor = useRef(0);
  useEffect(() => {
    if (focusToken === undefined || focusToken === 0 || !items || focusedFor.current === focusToken)
      return;
    focusedFor.current = focusToken;
    const chosen = shown.findIndex((item) => item.id === value);
    focusAt.current?.(Math.max(0, chosen));
  }, [focusToken, items, shown, value]);

  return (
    // data-shown-for: the search the options on screen answer (tests and the bench wait for it).
    <Stack gap={6} data-testid={testId} data-shown-for={query}>
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
      {props.note && items ? (
        <Text size="sm" c="dimmed" data-testid={`${testId}-note`}>
          {props.note}
        </Text>
      ) : null}
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
      <PickerGrid
        testId={testId}
        items={shown}
        value={value}
        onChange={onChange}
        logoOf={props.logoOf}
        onRowsShown={props.onRowsShown}
        groupRef={group}
        focusRef={focusAt}
      />
    </Stack>
  );
});

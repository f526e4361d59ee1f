import { SimpleGrid } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { memo, useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { Logo } from '../../../common/logo';
import type { PickerOption } from './picker-search';
import { useFixedRows } from './use-fixed-rows';

export interface PickerItem extends PickerOption {
  /** A second line: decimals, chain… */
  detail?: string;
}

/** Lists longer than this are virtualised: only the rows in view are in the DOM. */
const VIRTUAL_FROM = 60;
/** A virtual row: a 60 px tile (never below the 44 px touch target) and the 10 px gap. */
const ROW_PX = 70;
/** The scrolling window of a virtualised list: four rows and a half, so more is seen to follow. */
const VIEW_PX = ROW_PX * 4.5;

interface PickerGridProps {
  testId: string;
  items: readonly PickerItem[];
  value: string | null;
  onChange: (id: string) => void;
  /** The logo of a row (a data: URL), undefined while not known yet. */
  logoOf?: ((id: string) => string | null | undefined) | undefined;
  /** Told which rows are in the DOM, so their logos can be asked for. */
  onRowsShown?: ((ids: string[]) => void) | undefined;
  /** The radio group, for the picker's focus handling. */
  groupRef: RefObject<HTMLDivElement | null>;
  /** Moves the focus to an option by its place in `items` (scrolling it into view first). */
  focusRef: RefObject<((index: number) => void) | null>;
}

/**
 * The options as large tiles (a radio group, two columns, three on wide screens). A long list
 * is virtualised (use-fixed-rows.ts): rows of tiles in a scrolling window, only those
 * in view rendered, each tile with its place in the whole list (aria-posinset/setsize).
 * Arrow keys, Home and End move among the options in both forms; Tab and Enter as for buttons.
 */
export const PickerGrid = memo(function PickerGrid(props: PickerGridProps) {
  const wide = useMediaQuery('(min-width: 62em)') ?? false;
  const cols = wide ? 3 : 2;
  return props.items.length >= VIRTUAL_FROM ? (
    <VirtualGrid {...props} cols={cols} />
  ) : (
    <PlainGrid {...props} cols={cols} />
  );
});

function PlainGrid(props: PickerGridProps & { cols: number }) {
  const { testId, items, groupRef, focusRef, onRowsShown } = props;
  useEffect(() => {
    onRowsShown?.(items.map((item) => item.id));
  }, [items, onRowsShown]);
  useEffect(() => {
    focusRef.current = (index) => void focusIndex(groupRef, index);
  });
  return (
    <SimpleGrid
      cols={{ base: 2, md: 3 }}
      spacing="xs"
      role="radiogroup"
      aria-labelledby={`${testId}-title`}
      ref={groupRef}
      onKeyDown={(event) => moveFocus(event, items.length, props.cols, focusRef)}
    >
      {items.map((item, index) => (
        <Tile
          key={item.id}
          testId={testId}
          item={item}
          index={index}
          checked={item.id === props.value}
          onChange={props.onChange}
          logo={props.logoOf?.(item.id)}
        />
      ))}
    </SimpleGrid>
  );
}

function VirtualGrid(props: PickerGridProps & { cols: number }) {
  const { testId, items, cols, value, groupRef, focusRef, onRowsShown } = props;
  const { first, last, totalPx, scrollToRow } = useFixedRows(
    groupRef,
    Math.ceil(items.length / cols),
    ROW_PX,
    VIEW_PX,
  );
  const shownRows = Array.from({ length: last - first + 1 }, (_, offset) => first + offset);

  useEffect(() => {
    onRowsShown?.(items.slice(first * cols, (last + 1) * cols).map((item) => item.id));
  }, [items, first, last, cols, onRowsShown]);

  // The chosen option in view when the list first shows, wherever it is.
  const scrolledTo = useRef(false);
  useEffect(() => {
    if (scrolledTo.current) return;
    scrolledTo.current = true;
    const index = items.findIndex((item) => item.id === value);
    if (index >= cols) scrollToRow(Math.floor(index / cols), 'center');
  }, [items, value, cols, scrollToRow]);

  useEffect(() => {
    focusRef.current = (index) => {
      scrollToRow(Math.floor(index / cols));
      // A row scrolled into view is rendered within two frames.
      if (!focusIndex(groupRef, index))
        requestAnimationFrame(() => requestAnimationFrame(() => focusIndex(groupRef, index)));
    };
  });

  return (
    <div
      role="radiogroup"
      aria-labelledby={`${testId}-title`}
      ref={groupRef}
      className="picker-window"
      style={{ height: VIEW_PX }}
      onKeyDown={(event) => moveFocus(event, items.length, cols, focusRef)}
    >
      <div style={{ height: totalPx, position: 'relative' }}>
        {shownRows.map((row) => (
          <div
            key={row}
            className="picker-row"
            style={{
              transform: `translateY(${row * ROW_PX}px)`,
              gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`,
            }}
          >
            {items.slice(row * cols, row * cols + cols).map((item, column) => (
              <Tile
                key={item.id}
                testId={testId}
                item={item}
                index={row * cols + column}
                setSize={items.length}
                checked={item.id === value}
                onChange={props.onChange}
                logo={props.logoOf?.(item.id)}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

interface TileProps {
  testId: string;
  item: PickerItem;
  /** Its place in the list shown (filtered), from 0. */
  index: number;
  /** The length of a virtualised list (aria-setsize); undefined when all options are in the DOM. */
  setSize?: number | undefined;
  checked: boolean;
  onChange: (id: string) => void;
  logo: string | null | undefined;
}

/**
 * One option. Memoised on what it shows: a keystroke in the search, a scroll or a logo
 * arriving re-renders only the tiles whose option, place or logo changed.
 */
const Tile = memo(function Tile(props: TileProps) {
  const { testId, item, index, checked, onChange, logo, setSize } = props;
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      {...(setSize ? { 'aria-setsize': setSize, 'aria-posinset': index + 1 } : {})}
      data-index={index}
      className={setSize ? 'picker-tile picker-tile-fixed' : 'picker-tile'}
      data-testid={`${testId}-option-${item.id}`}
      onClick={() => onChange(item.id)}
    >
      <Logo src={logo ?? null} name={item.label} size={36} />
      {/* Plain elements styled as Mantine's Text (cashier.css): a long list renders many tiles per keystroke. */}
      <span style={{ minWidth: 0 }}>
        <span className="picker-label">{item.label}</span>
        {item.detail ? <span className="picker-detail">{item.detail}</span> : null}
      </span>
    </button>
  );
});

/** Focuses the option at `index` if it is rendered; true when it was. */
function focusIndex(group: RefObject<HTMLDivElement | null>, index: number): boolean {
  const tile = group.current?.querySelector<HTMLButtonElement>(`button[data-index="${index}"]`);
  tile?.focus();
  return tile !== null && tile !== undefined;
}

/** Arrow keys move by one option (left/right) or one row (up/down); Home and End to the ends. */
function moveFocus(
  event: KeyboardEvent<HTMLDivElement>,
  count: number,
  cols: number,
  focusRef: RefObject<((index: number) => void) | null>,
): void {
  const from = Number((event.target as HTMLElement).dataset.index);
  if (!Number.isInteger(from)) return;
  const step: Record<string, number> = {
    ArrowRight: 1,
    ArrowLeft: -1,
    ArrowDown: cols,
    ArrowUp: -cols,
    Home: -from,
    End: count - 1 - from,
  };
  const by = step[event.key];
  if (by === undefined) return;
  event.preventDefault();
  focusRef.current?.(Math.min(count - 1, Math.max(0, from + by)));
}

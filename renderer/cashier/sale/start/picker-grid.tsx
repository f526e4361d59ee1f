import { SimpleGrid } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useVirtualizer, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { Logo } from '../../../common/logo';
import type { PickerOption } from './picker-search';

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

/**
 * The scrolling window's size, from a ResizeObserver only. The virtualizer's own observer also
 * reads it at once (clientHeight), a synchronous layout of the whole page in the middle of
 * React's commit. The window's height is fixed (VIEW_PX) and `initialRect` says so; the
 * observer's first call, after the frame's layout and before its paint, gives the real width.
 * (The virtualizer's first scroll to its offset still lays the page out once in that commit.)
 */
function observeWindowRect(
  instance: Virtualizer<HTMLDivElement, Element>,
  onRect: (rect: Rect) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  const view = instance.targetWindow;
  if (!element || !view?.ResizeObserver) return undefined;
  const observer = new view.ResizeObserver(() =>
    onRect({ width: element.clientWidth, height: element.clientHeight }),
  );
  observer.observe(element, { box: 'content-box' });
  return () => observer.disconnect();
}

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
 * is virtualised with @tanstack/react-virtual: rows of tiles in a scrolling window, only those
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
  const rows = Math.ceil(items.length / cols);
  // The pages are not built with the React Compiler; VirtualGrid re-renders on every scroll
  // by design (the virtualizer's own state), and the tiles it renders are plain elements.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => groupRef.current,
    estimateSize: () => ROW_PX,
    overscan: 1,
    initialRect: { width: 600, height: VIEW_PX },
    observeElementRect: observeWindowRect,
  });
  const shownRows = virtualizer.getVirtualItems();
  const first = shownRows[0]?.index ?? 0;
  const last = shownRows[shownRows.length - 1]?.index ?? -1;

  useEffect(() => {
    onRowsShown?.(items.slice(first * cols, (last + 1) * cols).map((item) => item.id));
  }, [items, first, last, cols, onRowsShown]);

  // The chosen option in view when the list first shows, wherever it is.
  const scrolledTo = useRef(false);
  useEffect(() => {
    if (scrolledTo.current) return;
    scrolledTo.current = true;
    const index = items.findIndex((item) => item.id === value);
    if (index >= cols) virtualizer.scrollToIndex(Math.floor(index / cols), { align: 'center' });
  }, [items, value, cols, virtualizer]);

  useEffect(() => {
    focusRef.current = (index) => {
      virtualizer.scrollToIndex(Math.floor(index / cols));
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
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {shownRows.map((row) => (
          <div
            key={row.key}
            className="picker-row"
            style={{
              transform: `translateY(${row.start}px)`,
              gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`,
            }}
          >
            {items.slice(row.index * cols, row.index * cols + cols).map((item, column) => (
              <Tile
                key={item.id}
                testId={testId}
                item={item}
                index={row.index * cols + column}
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

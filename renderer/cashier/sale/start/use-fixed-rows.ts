import { useCallback, useEffect, useState, type RefObject } from 'react';

export interface FixedRows {
  /** The rows to put in the DOM, from `first` to `last` (both in), a few off screen included. */
  first: number;
  last: number;
  /** The height of all rows: the scrolling content's height. */
  totalPx: number;
  /**
   * Scrolls the least that brings `row` into view ('nearest'), or puts it in the middle
   * ('center'); the rows to render follow at once, without waiting for the scroll event.
   */
  scrollToRow: (row: number, align?: 'nearest' | 'center') => void;
}

/**
 * A virtualised list of rows of one fixed height in a scrolling window of a fixed height: which
 * rows are in view (and `overscan` more on each side), from the window's scroll offset alone.
 * Our pickers' rows never change height, so nothing is measured: no layout is read at mount
 * or on scroll (a virtualiser that measures lays the page out in the middle of React's commit).
 */
export function useFixedRows(
  windowRef: RefObject<HTMLElement | null>,
  count: number,
  rowPx: number,
  viewPx: number,
  overscan = 1,
): FixedRows {
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    const element = windowRef.current;
    if (!element) return;
    const onScroll = () => setOffset(element.scrollTop);
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [windowRef]);

  const totalPx = count * rowPx;
  // A list that became shorter (a search) is shown from its end until the browser's own
  // scroll clamping is heard.
  const top = Math.max(0, Math.min(offset, totalPx - viewPx));
  const first = Math.max(0, Math.floor(top / rowPx) - overscan);
  const last = Math.min(count - 1, Math.ceil((top + viewPx) / rowPx) - 1 + overscan);

  const scrollToRow = useCallback(
    (row: number, align: 'nearest' | 'center' = 'nearest') => {
      const element = windowRef.current;
      if (!element) return;
      const rowTop = row * rowPx;
      const now = element.scrollTop;
      let next = now;
      if (align === 'center') next = rowTop - (viewPx - rowPx) / 2;
      else if (rowTop < now) next = rowTop;
      else if (rowTop + rowPx > now + viewPx) next = rowTop + rowPx - viewPx;
      next = Math.max(0, Math.min(next, count * rowPx - viewPx));
      if (next === now) return;
      element.scrollTop = next;
      setOffset(next);
    },
    [windowRef, count, rowPx, viewPx],
  );

  return { first, last, totalPx, scrollToRow };
}

// @vitest-environment happy-dom
import { act, cleanup, fireEvent, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFixedRows } from '../../../../renderer/cashier/sale/start/use-fixed-rows';

afterEach(() => cleanup());

// Rows of 70 px in a window of 315 px (four and a half rows), one row of overscan.
const ROW = 70;
const VIEW = 315;

function rowsOver(count: number) {
  const element = document.createElement('div');
  document.body.append(element);
  const ref = { current: element };
  const hook = renderHook(({ n }) => useFixedRows(ref, n, ROW, VIEW), {
    initialProps: { n: count },
  });
  const scrollTo = (top: number) =>
    act(() => {
      element.scrollTop = top;
      fireEvent.scroll(element);
    });
  return { element, hook, scrollTo };
}

describe('useFixedRows', () => {
  it('puts the rows in view and one more below in the DOM, from the scroll offset alone', () => {
    const { hook, scrollTo } = rowsOver(5_000);
    expect(hook.result.current).toMatchObject({ first: 0, last: 5, totalPx: 350_000 });
    scrollTo(7_000); // row 100 at the top
    expect(hook.result.current).toMatchObject({ first: 99, last: 105 });
  });

  it('scrolls the least that brings a row into view, or centres it', () => {
    const { element, hook } = rowsOver(5_000);
    act(() => hook.result.current.scrollToRow(2));
    expect(element.scrollTop).toBe(0);
    act(() => hook.result.current.scrollToRow(10));
    expect(element.scrollTop).toBe(11 * ROW - VIEW);
    expect(hook.result.current.last).toBeGreaterThanOrEqual(10);
    act(() => hook.result.current.scrollToRow(3));
    expect(element.scrollTop).toBe(3 * ROW);
    act(() => hook.result.current.scrollToRow(1_000, 'center'));
    expect(element.scrollTop).toBe(1_000 * ROW - (VIEW - ROW) / 2);
    expect(hook.result.current.first).toBeLessThanOrEqual(1_000);
    expect(hook.result.current.last).toBeGreaterThanOrEqual(1_000);
    act(() => hook.result.current.scrollToRow(4_999));
    expect(element.scrollTop).toBe(5_000 * ROW - VIEW);
    expect(hook.result.current.last).toBe(4_999);
  });

  it('shows the end of a list that became shorter than where the window was', () => {
    const { hook, scrollTo } = rowsOver(5_000);
    scrollTo(200_000);
    hook.rerender({ n: 3 });
    expect(hook.result.current).toMatchObject({ first: 0, last: 2, totalPx: 210 });
  });
});

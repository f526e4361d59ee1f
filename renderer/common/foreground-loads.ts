import { afterPaint } from './after-paint';

/**
 * What the page is loading for the cashier to see (a picker's list), so that background work
 * (the sale screen's warm-up rounds) waits until it is loaded and painted: a round drawn as a
 * 10,000-chain list arrived held the list's frame back by 30-50 ms. Page-wide, as the work it
 * orders.
 */
let pending = 0;
const waiting = new Set<() => void>();

/** Counts `load` as loading until it settles; answers it unchanged. */
export function foregroundLoad<T>(load: Promise<T>): Promise<T> {
  pending += 1;
  const settled = () => {
    pending -= 1;
    if (pending > 0) return;
    // What the load brought renders in the task that settled it: the waiting work comes once
    // that frame is painted, unless something else began loading meanwhile.
    afterPaint(() => {
      if (pending > 0) return;
      const ready = [...waiting];
      waiting.clear();
      for (const run of ready) run();
    });
  };
  load.then(settled, settled);
  return load;
}

/**
 * Runs `run` now if nothing is loading, else once nothing is and the frame after is painted;
 * answers what cancels it.
 */
export function whenNothingLoading(run: () => void): () => void {
  if (pending === 0) {
    run();
    return () => undefined;
  }
  waiting.add(run);
  return () => waiting.delete(run);
}

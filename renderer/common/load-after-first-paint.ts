import { afterPaint } from './after-paint';

/**
 * A window that is not shown yet paints no frames: the code loads this long after the entry
 * at the latest, painted or not.
 */
const LOAD_AFTER_MS = 50;

/**
 * Loads a page's code once its static first screen (in its HTML) is painted, or LOAD_AFTER_MS
 * after the entry, whichever comes first; once. `failed` hears a load that fails.
 */
export function loadAfterFirstPaint(load: () => Promise<unknown>, failed: () => void): void {
  let loading = false;
  const start = () => {
    if (loading) return;
    loading = true;
    load().catch(failed);
  };
  afterPaint(start);
  setTimeout(start, LOAD_AFTER_MS);
}

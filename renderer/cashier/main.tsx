// The page's entry: the start screen (index.html, start-screen.css) is painted first, then the
// till's code (cashier-page.tsx) is loaded and evaluated. Evaluated at once, its scripts (tens
// of ms on a till) would run before the first frame and hold the start screen back.
import './start-screen.css';
import { afterPaint } from '../common/after-paint';
import { showStartFailure } from './start-screen';

/**
 * A window that is not shown yet paints no frames: the code loads this long after the entry
 * at the latest, painted or not.
 */
const LOAD_AFTER_MS = 50;

let loading = false;
function loadTill(): void {
  if (loading) return;
  loading = true;
  import('./cashier-page').catch(showStartFailure);
}
afterPaint(loadTill);
setTimeout(loadTill, LOAD_AFTER_MS);

// The page's entry: the start screen (index.html, start-screen.css) is painted first, then the
// till's code (cashier-page.tsx) is loaded and evaluated. Evaluated at once, its scripts (tens
// of ms on a till) would run before the first frame and hold the start screen back.
import './start-screen.css';
import { loadAfterFirstPaint } from '../common/load-after-first-paint';
import { showStartFailure } from './start-screen';

loadAfterFirstPaint(() => import('./cashier-page'), showStartFailure);

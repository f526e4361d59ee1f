// The page's entry: the idle screen main wrote into the HTML (start-screen.ts) is painted
// first, then the display's code (display-app.tsx) is loaded and evaluated. Evaluated at once,
// its scripts would run before the first frame and hold the customer's first screen back.
// The page's styles all load here, in their order: Mantine's rules first, ours after them.
import './mantine-styles';
import './display.css';
import './shop-brand.css';
import { loadAfterFirstPaint } from '../common/load-after-first-paint';

// If the code cannot load, the idle screen stays: the customer is never shown the till's own
// trouble (the cashier sees the display not following the sale; a restart loads it again).
loadAfterFirstPaint(
  () => import('./display-app'),
  () => {},
);

// The page's entry: the idle screen main wrote into the HTML (display-page.tsx) shows while the
// display's code (display-app.tsx) loads, and until main's first view. The code is asked for
// at once, not after the first paint as the cashier's is: the display's own warm-up (its scan
// screen drawn with sample sales backstage, renderer/warm-up/idle-warm-up.tsx) must be done
// before the first customer, and the idle screen, static HTML, paints as the module loads.
// The page's styles all load here, in their order: Mantine's rules first, ours after them.
import './mantine-styles';
import './display.css';
import './shop-brand.css';

// If the code cannot load, the idle screen stays: the customer is never shown the till's own
// trouble (the cashier sees the display not following the sale; a restart loads it again).
import('./display-app').catch(() => {});

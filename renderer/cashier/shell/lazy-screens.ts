import { lazy } from 'react';
import { whenIdle } from '../../common/when-idle';

// The screens the cashier window does not show at start, in one chunk of their own (dynamic
// import: a file of our own origin, which the CSP's script-src 'self' allows). The page's
// first script then holds the sale screen and the shell only: less to download, parse and
// compile before the amount field (together they are about as large as the rest of the page).
// One chunk for them all, not one each (later-screens.ts says why).
const loadScreens = () => import('./later-screens');

/** One of the chunk's screens, as a component that loads the chunk when first rendered. */
function laterScreen<Name extends keyof Awaited<ReturnType<typeof loadScreens>>>(name: Name) {
  return lazy(() => loadScreens().then((screens) => ({ default: screens[name] })));
}

export const HistoryScreen = laterScreen('HistoryScreen');
export const ShiftScreen = laterScreen('ShiftScreen');
export const SettingsScreen = laterScreen('SettingsScreen');
export const FirstRunScreen = laterScreen('FirstRunScreen');
export const AuditScreen = laterScreen('AuditScreen');

/**
 * Loads the screens' chunk without showing a screen (a module is loaded once: each screen then
 * opens at once). On the cashier pointing at or tabbing to a screen's button.
 */
export function preloadScreens(): void {
  void loadScreens();
}

/**
 * The same, in the page's first idle moment after its sale screen's warm-up, so that a sale started at
 * once never waits behind the chunk being compiled.
 */
export function preloadScreensWhenIdle(): void {
  whenIdle(preloadScreens);
}

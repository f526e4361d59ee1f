import { lazy } from 'react';

// The screens the cashier window does not show at start, each in a chunk of its own (dynamic
// import: a file of our own origin, which the CSP's script-src 'self' allows). The page's
// first script then holds the sale screen and the shell only: less to download, parse and
// compile before the amount field (the four are about as large as the rest of the page).
const loadHistory = () => import('../history/history-screen');
const loadShift = () => import('../shifts/shift-screen');
const loadSettings = () => import('../settings/settings-screen');
const loadFirstRun = () => import('../setup/first-run-screen');

export const HistoryScreen = lazy(() =>
  loadHistory().then((module) => ({ default: module.HistoryScreen })),
);
export const ShiftScreen = lazy(() =>
  loadShift().then((module) => ({ default: module.ShiftScreen })),
);
export const SettingsScreen = lazy(() =>
  loadSettings().then((module) => ({ default: module.SettingsScreen })),
);
export const FirstRunScreen = lazy(() =>
  loadFirstRun().then((module) => ({ default: module.FirstRunScreen })),
);

/**
 * Loads the four screens' chunks without showing them (a module is loaded once: the screen
 * then opens at once). Called when the page is idle after its first screen and warm-up, and
 * when the cashier points at or tabs to a screen's button.
 */
export function preloadScreens(): void {
  for (const load of [loadHistory, loadShift, loadSettings, loadFirstRun]) void load();
}

import { lazy } from 'react';
import { whenIdle } from '../../common/when-idle';

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

const loads = [loadHistory, loadShift, loadSettings, loadFirstRun];

/**
 * Loads the four screens' chunks without showing them (a module is loaded once: the screen
 * then opens at once). On the cashier pointing at or tabbing to a screen's button: all now.
 */
export function preloadScreens(): void {
  for (const load of loads) void load();
}

/**
 * The same, in the page's idle moments after its QR warm-up: one chunk per idle moment, so a
 * sale that starts meanwhile never waits behind the four being compiled at once.
 */
export function preloadScreensWhenIdle(): void {
  const queue = [...loads];
  const next = () => {
    const load = queue.shift();
    if (load) void load().finally(() => whenIdle(next));
  };
  whenIdle(next);
}

import type { CashierApi, DisplayApi } from '../../shared/ipc/contract';

/**
 * Typed access to what the preload (or the test harness's bridge) put on `window`.
 * The pages reach main only through these two objects: no Node, no network, no ipcRenderer.
 */
declare global {
  interface Window {
    /** The cashier page's calls and subscriptions (electron/preload/cashier.ts). */
    readonly pos?: CashierApi;
    /** The customer display's subscriptions, nothing else (electron/preload/display.ts). */
    readonly display?: DisplayApi;
  }
}

/** `window.pos`; throws when the page was opened without its preload (a wiring mistake, not a user error). */
export function cashierApi(): CashierApi {
  const api = window.pos;
  if (!api)
    throw new Error('window.pos is missing: the cashier page must be loaded with its preload.');
  return api;
}

/** `window.display`; throws when the page was opened without its preload. */
export function displayApi(): DisplayApi {
  const api = window.display;
  if (!api)
    throw new Error('window.display is missing: the display page must be loaded with its preload.');
  return api;
}

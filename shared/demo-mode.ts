import type { Settings } from './settings';

/**
 * Demo mode: no service is set and IT allows demo mode, so the till runs against its
 * built-in sandbox. One rule for main's connection (which starts the sandbox) and for the
 * customer display's idle screen written before the services are up (its demo banner).
 */
export function runsInDemoMode(
  settings: Pick<Settings, 'serviceBaseUrl' | 'demoModeAllowed'>,
): boolean {
  return settings.serviceBaseUrl === '' && settings.demoModeAllowed;
}

/**
 * What every customer display screen says in demo mode: the React page's banner and the idle
 * screen main writes into the page's HTML before it loads, in the same words.
 */
export const DEMO_BANNER_WORDS = 'Demo — no real payment';

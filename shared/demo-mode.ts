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

import type { ConnectionMode } from '../connection/service-connection';

/**
 * The name a service's saved catalogue is kept under: its origin; 'demo' for the built-in
 * sandbox, whose port changes every start; null while no service is set up.
 */
export function catalogueKeyOf(mode: ConnectionMode): string | null {
  if (mode.kind === 'needs-setup') return null;
  if (mode.kind === 'demo') return 'demo';
  try {
    return new URL(mode.baseUrl).origin;
  } catch {
    return null;
  }
}

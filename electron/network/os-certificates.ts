import * as tls from 'node:tls';

/** What trusting the OS store came to, for the log. */
export type OsTrust =
  | { kind: 'added'; system: number; total: number }
  /** This Node has no way to read or set the CA list (before 22.19): its bundled roots only. */
  | { kind: 'unavailable' };

let outcome: OsTrust | undefined;
let tell: ((trust: OsTrust) => void) | undefined;

/** Who hears, once, what trusting the OS store came to (the app's log), whenever it happens. */
export function reportOsTrustTo(listener: (trust: OsTrust) => void): void {
  tell = listener;
  if (outcome) listener(outcome);
}

/**
 * Makes every TLS client in this process (the service client, logos, tunnels through a
 * proxy) trust the OS certificate store as well as Node's bundled roots, as a desktop
 * app on a managed network must: a shop whose IT inspects TLS installs its root in the
 * OS store, not in Node. Done once per process: the merged list becomes Node's default,
 * so no connection builds its own list (a TLS context with hundreds of roots is costly),
 * and a later change of the default (tests trusting their own server) still applies.
 *
 * Called by each of main's TLS paths just before its first connection (the service
 * transport and its pre-connect, logo downloads, rate providers), not at start: reading and
 * merging the store took ~300 ms of the till's start-up on the test machine
 * (tests/bench/startup.bench.ts), and a till in demo mode may never open a TLS connection.
 * The cashier's first key pre-connects to an https service, so no sale waits for it.
 */
export function trustOsCertificates(): OsTrust {
  if (outcome) return outcome;
  const api = tls as Partial<{
    getCACertificates: (type: 'default' | 'system') => string[];
    setDefaultCACertificates: (certificates: string[]) => void;
  }>;
  if (!api.getCACertificates || !api.setDefaultCACertificates) {
    outcome = { kind: 'unavailable' };
    tell?.(outcome);
    return outcome;
  }
  // The OS store can list one root several times (one per store or keychain it is in).
  const system = new Set(api.getCACertificates('system'));
  api.setDefaultCACertificates([...new Set([...api.getCACertificates('default'), ...system])]);
  outcome = { kind: 'added', system: system.size, total: api.getCACertificates('default').length };
  tell?.(outcome);
  return outcome;
}

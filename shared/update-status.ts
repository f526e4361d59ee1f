/**
 * Where the till's update stands, as the cashier's screen shows it. "ready" installs when the
 * app closes: never during a sale, never by surprise.
 */
export type UpdateStatus =
  | { kind: 'off' }
  | { kind: 'checking' }
  | { kind: 'current' }
  | { kind: 'downloading'; version: string }
  | { kind: 'ready'; version: string }
  | { kind: 'failed'; reason: string };

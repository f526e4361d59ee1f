/**
 * The few globals `shared/` may use, declared here because its TypeScript project sees
 * neither the DOM's nor Node's types: each exists, with the same behaviour, in Node, in
 * Electron's main process and in Chromium. Anything else a shared file needs is passed in
 * as a parameter or a port. Only `tsconfig.shared.json` includes this file; the other
 * projects get the real declarations from their own platform's types.
 */

interface SharedUrlSearchParams {
  getAll(name: string): string[];
  keys(): IterableIterator<string>;
}

interface SharedUrl {
  readonly href: string;
  readonly origin: string;
  readonly protocol: string;
  readonly host: string;
  readonly port: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

declare const URL: { new (url: string): SharedUrl };
type URL = SharedUrl;
declare const URLSearchParams: { new (init?: string): SharedUrlSearchParams };

type TimerHandle = { readonly __timer: unique symbol } | number;
declare function setTimeout(callback: () => void, delayMs: number): TimerHandle;
declare function clearTimeout(handle: TimerHandle | undefined): void;

// eslint-disable-next-line no-var -- a global the platform provides
declare var crypto: { getRandomValues<T extends Uint8Array>(array: T): T };

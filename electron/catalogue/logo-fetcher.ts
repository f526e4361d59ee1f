import type { Clock } from '../../shared/clock';
import type { Logger } from '../logging/logger';
import type { ProxyResolver } from '../network/proxy-resolver';
import { ProxyRoutes } from '../network/proxy-routes';
import { downloadLogo, systemResolveAll, type ResolveAll } from './logo-download';

/** Logos held (and failures remembered) at once: a catalogue has a few dozen. */
const MAX_CACHED_LOGOS = 128;
/** Downloads at once: a catalogue refresh must not open a connection per logo. */
const MAX_PARALLEL_DOWNLOADS = 4;

export interface LogoFetcherOptions {
  /** True while the app runs against its built-in sandbox (loopback logos allowed). */
  isDemo: () => boolean;
  resolveAll?: ResolveAll;
  /** Tests' self-signed server. */
  ca?: string;
  /** The OS proxy settings and PAC (Electron's resolveProxy); direct when absent. */
  resolveProxy?: ProxyResolver;
}

/**
 * Fetches chain and asset logos in main and hands them to the pages as data: URLs: the pages
 * never reach the network (CSP connect-src 'none', img-src 'self' data:). A logo that fails
 * is simply absent (the pickers show the name); it never fails a sale. What a download may
 * do is in logo-download.ts; here: at most MAX_PARALLEL_DOWNLOADS at a time, and a cache of
 * MAX_CACHED_LOGOS results, the least recently used dropped first.
 */
export class LogoFetcher {
  private readonly cache = new Map<string, Promise<string | null>>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly routes: ProxyRoutes | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly options: LogoFetcherOptions,
  ) {
    if (options.resolveProxy) this.routes = new ProxyRoutes(options.resolveProxy, clock);
  }

  dataUrl(url: string): Promise<string | null> {
    const cached = this.cache.get(url);
    if (cached) {
      this.cache.delete(url);
      this.cache.set(url, cached);
      return cached;
    }
    const pending = this.queued(() => this.load(url));
    this.cache.set(url, pending);
    if (this.cache.size > MAX_CACHED_LOGOS)
      this.cache.delete(this.cache.keys().next().value as string);
    return pending;
  }

  private async queued<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= MAX_PARALLEL_DOWNLOADS)
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      return await work();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  private async load(url: string): Promise<string | null> {
    const result = await downloadLogo(url, {
      clock: this.clock,
      demo: this.options.isDemo(),
      resolveAll: this.options.resolveAll ?? systemResolveAll,
      ...(this.options.ca ? { ca: this.options.ca } : {}),
      ...(this.routes ? { routeFor: (logoUrl: string) => this.routes!.routeFor(logoUrl) } : {}),
    });
    if (result.ok) return result.dataUrl;
    let host = '';
    try {
      host = new URL(url).host;
    } catch {
      host = '(not a URL)';
    }
    this.logger.info('logo not loaded', { host, reason: result.refusal });
    return null;
  }
}

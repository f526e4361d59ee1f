import type { Clock } from '../../shared/clock';
import { isLoopbackHost } from '../../shared/base-url';
import type { Logger } from '../logging/logger';

const MAX_LOGO_BYTES = 256 * 1024;
const LOGO_TIMEOUT_MS = 5_000;
const imageTypes = new Set(['image/svg+xml', 'image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/**
 * Fetches chain and asset logos in main and hands them to the pages as data: URLs: the pages
 * never reach the network (CSP connect-src 'none', img-src 'self' data:), and a logo host the
 * page did not know at load time still shows. A logo that fails is simply absent (the pickers
 * show the name); it never fails a sale. Results are cached for the life of the process.
 */
export class LogoFetcher {
  private readonly cache = new Map<string, Promise<string | null>>();

  constructor(
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  dataUrl(url: string): Promise<string | null> {
    let pending = this.cache.get(url);
    if (!pending) {
      pending = this.load(url);
      this.cache.set(url, pending);
    }
    return pending;
  }

  private async load(url: string): Promise<string | null> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    const allowed =
      parsed.protocol === 'https:' ||
      (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname));
    if (!allowed || parsed.username || parsed.password) return null;
    const controller = new AbortController();
    const cancelTimer = this.clock.at(this.clock.now() + LOGO_TIMEOUT_MS, () => controller.abort());
    try {
      const response = await this.fetchImpl(parsed.href, {
        signal: controller.signal,
        redirect: 'error',
      });
      const type =
        (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      const declared = Number(response.headers.get('content-length') ?? '0');
      if (!response.ok || !imageTypes.has(type) || declared > MAX_LOGO_BYTES) {
        await response.body?.cancel();
        return null;
      }
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.byteLength > MAX_LOGO_BYTES) return null;
      return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
    } catch {
      this.logger.info('logo not loaded', { host: parsed.host });
      return null;
    } finally {
      cancelTimer();
    }
  }
}

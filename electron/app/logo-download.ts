import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import * as http from 'node:http';
import * as https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Clock } from '../../shared/clock';
import { isLoopbackHost } from '../../shared/base-url';
import { isPublicAddress } from './public-address';

export const MAX_LOGO_BYTES = 256 * 1024;
const LOGO_TIMEOUT_MS = 5_000;
const imageTypes = new Set(['image/svg+xml', 'image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/** Resolves a host name to all its addresses (node:dns `lookup` with `all: true`). */
export type ResolveAll = (host: string) => Promise<readonly LookupAddress[]>;

export const systemResolveAll: ResolveAll = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

export interface LogoDownloadOptions {
  clock: Clock;
  /** Demo mode: the built-in sandbox serves its logos over http on loopback. */
  demo: boolean;
  resolveAll: ResolveAll;
  /** Extra trusted CA (tests' self-signed server); the system's roots otherwise. */
  ca?: string;
}

/** Why a logo was not fetched: a short code for the log, never the URL's query. */
type LogoRefusal =
  | 'bad-url'
  | 'not-https'
  | 'inside-address'
  | 'redirect'
  | 'http-status'
  | 'not-an-image'
  | 'too-large'
  | 'timeout'
  | 'network';

export type LogoDownload = { ok: true; dataUrl: string } | { ok: false; refusal: LogoRefusal };

/**
 * One logo, fetched so that a hostile logo URL or server cannot hurt the till: https only
 * (http only to loopback in demo mode), every address the name resolves to must be public
 * (outside demo mode), and the connection goes to the address that was checked, so a DNS
 * answer cannot change between check and connect. No redirects. The body is counted as it
 * arrives and the socket destroyed at MAX_LOGO_BYTES; the whole download has
 * LOGO_TIMEOUT_MS on the injected clock.
 */
export function downloadLogo(url: string, options: LogoDownloadOptions): Promise<LogoDownload> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return Promise.resolve({ ok: false, refusal: 'bad-url' });
  }
  if (parsed.username || parsed.password) return Promise.resolve({ ok: false, refusal: 'bad-url' });
  const loopbackDemo =
    options.demo && parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname);
  if (parsed.protocol !== 'https:' && !loopbackDemo)
    return Promise.resolve({ ok: false, refusal: 'not-https' });

  // Node connects to an IP literal without asking `lookup`: checked here instead.
  const literal = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(literal) && !options.demo && !isPublicAddress(literal))
    return Promise.resolve({ ok: false, refusal: 'inside-address' });

  return new Promise<LogoDownload>((resolve) => {
    let settled = false;
    // Called only from events and timers, once `request` and `cancelTimer` below exist.
    const finish = (result: LogoDownload) => {
      if (settled) return;
      settled = true;
      cancelTimer();
      request.destroy();
      resolve(result);
    };
    let blocked = false;
    // The only way this request finds an address: checked here, then connected to as is.
    const lookup: LookupFunction = (host, _lookupOptions, callback) => {
      const bare = host.replace(/^\[(.*)\]$/, '$1');
      const answer = isIP(bare)
        ? Promise.resolve([{ address: bare, family: isIP(bare) }])
        : options.resolveAll(bare);
      answer.then(
        (addresses) => {
          const usable = addresses.filter(
            (entry) => options.demo || isPublicAddress(entry.address),
          );
          if (addresses.length === 0 || usable.length < addresses.length) {
            blocked = true;
            callback(new Error('the logo host is inside the network'), '', 4);
            return;
          }
          callback(null, usable[0]!.address, usable[0]!.family);
        },
        (error: Error) => callback(error, '', 4),
      );
    };
    const secure = parsed.protocol === 'https:';
    const request = (secure ? https : http).request(parsed, {
      method: 'GET',
      lookup,
      agent: false,
      headers: { accept: [...imageTypes].join(', ') },
      ...(secure && options.ca ? { ca: options.ca } : {}),
    });
    const cancelTimer = options.clock.at(options.clock.now() + LOGO_TIMEOUT_MS, () =>
      finish({ ok: false, refusal: 'timeout' }),
    );
    request.on('error', () =>
      finish({ ok: false, refusal: blocked ? 'inside-address' : 'network' }),
    );
    request.on('response', (response) => {
      response.on('error', () => finish({ ok: false, refusal: 'network' }));
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400) return finish({ ok: false, refusal: 'redirect' });
      if (status !== 200) return finish({ ok: false, refusal: 'http-status' });
      const type = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!imageTypes.has(type)) return finish({ ok: false, refusal: 'not-an-image' });
      const declared = Number(response.headers['content-length'] ?? '0');
      if (declared > MAX_LOGO_BYTES) return finish({ ok: false, refusal: 'too-large' });
      const chunks: Buffer[] = [];
      let total = 0;
      response.on('data', (chunk: Buffer) => {
        total += chunk.byteLength;
        if (total > MAX_LOGO_BYTES) return finish({ ok: false, refusal: 'too-large' });
        chunks.push(chunk);
      });
      response.on('end', () =>
        finish({
          ok: true,
          dataUrl: `data:${type};base64,${Buffer.concat(chunks).toString('base64')}`,
        }),
      );
    });
    request.end();
  });
}

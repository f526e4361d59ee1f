import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import * as http from 'node:http';
import * as https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Clock } from '../../shared/clock';
import { isLoopbackHost } from '../../shared/base-url';
import { DIRECT, type ProxyEndpoint, type ProxyRoute } from '../network/pac-result';
import { trustOsCertificates } from '../network/os-certificates';
import { proxyAgents } from '../network/proxy-agents';
import { requestTargetOf, viaProxy } from '../network/request-target';
import { isPublicAddress } from '../network/public-address';

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
  /** The one trusted CA (tests' self-signed server); otherwise Node's default list, which
   * holds the OS store's roots too (../network/os-certificates.ts). */
  ca?: string;
  /** How the logo's origin is reached (the OS proxy settings); direct when absent. */
  routeFor?: (url: string) => Promise<ProxyRoute>;
  /** Which addresses may be reached outside demo mode: the real rule (isPublicAddress)
   * unless a test declares its loopback server public. */
  isPublic?: (address: string) => boolean;
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
 * answer cannot change between check and connect; TLS checks the certificate against the
 * URL's host name, not that address. No redirects. The body is counted as it arrives and
 * the socket destroyed at MAX_LOGO_BYTES; the whole download has LOGO_TIMEOUT_MS on the
 * injected clock.
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
  const isPublic = options.isPublic ?? isPublicAddress;
  if (isIP(literal) && !options.demo && !isPublic(literal))
    return Promise.resolve({ ok: false, refusal: 'inside-address' });

  return new Promise<LogoDownload>((resolve) => {
    let settled = false;
    let request: http.ClientRequest | undefined;
    // Stops a connection still being set up through a proxy when the download is given up.
    const setUp = new AbortController();
    const finish = (result: LogoDownload) => {
      if (settled) return;
      settled = true;
      cancelTimer();
      setUp.abort();
      request?.destroy();
      resolve(result);
    };
    let blocked = false;
    const cancelTimer = options.clock.at(options.clock.now() + LOGO_TIMEOUT_MS, () =>
      finish({ ok: false, refusal: 'timeout' }),
    );
    const secure = parsed.protocol === 'https:';
    const headers = { accept: [...imageTypes].join(', ') };
    const ca = secure && options.ca ? { ca: options.ca } : {};
    const send = (route: ProxyRoute) => {
      if (settled) return;
      // Before this process's first TLS handshake (to the logo's host or an HTTPS proxy).
      if (secure || route.kind !== 'direct') trustOsCertificates();
      request =
        route.kind === 'direct'
          ? (secure ? https : http).request(parsed, {
              method: 'GET',
              lookup: checkedLookup(options, isPublic, () => (blocked = true)),
              agent: false,
              headers,
              ...ca,
            })
          : throughProxy(parsed, route, headers, setUp.signal, ca);
      request.on('error', () =>
        finish({ ok: false, refusal: blocked ? 'inside-address' : 'network' }),
      );
      request.on('response', (response) => readLogo(response, finish));
      request.end();
    };
    (options.routeFor?.(url) ?? Promise.resolve(DIRECT)).then(
      async (route) => {
        // Through a proxy the proxy finds the address: the name is checked here first.
        if (route.kind === 'proxy' && !options.demo && !isIP(literal)) {
          const verdict = await publicOnly(literal, options.resolveAll, isPublic);
          if (verdict !== 'ok') return finish({ ok: false, refusal: verdict });
        }
        send(route);
      },
      () => finish({ ok: false, refusal: 'network' }),
    );
  });
}

/**
 * The only way a direct request finds an address: checked here, then connected to as is,
 * so a DNS answer cannot change between check and connect. Node asks in two forms: with
 * `all: true` (its default autoSelectFamily, "happy eyeballs") it wants every address as an
 * array and tries them in turn; otherwise one address and its family. Either way it gets
 * only addresses that were checked, and only once all of them passed. TLS still checks the
 * certificate against the URL's host name (node:https sends it as the servername).
 */
function checkedLookup(
  options: LogoDownloadOptions,
  isPublic: (address: string) => boolean,
  onBlocked: () => void,
): LookupFunction {
  return (host, lookupOptions, callback) => {
    const bare = host.replace(/^\[(.*)\]$/, '$1');
    const answer = isIP(bare)
      ? Promise.resolve([{ address: bare, family: isIP(bare) }])
      : options.resolveAll(bare);
    answer.then(
      (addresses) => {
        const usable = addresses.filter((entry) => options.demo || isPublic(entry.address));
        if (addresses.length === 0 || usable.length < addresses.length) {
          onBlocked();
          callback(new Error('the logo host is inside the network'), '', 4);
          return;
        }
        if (lookupOptions.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: Error) => callback(error, '', 4),
    );
  };
}

/** Every address the name has must be public (the proxy will resolve it again itself). */
async function publicOnly(
  host: string,
  resolveAll: ResolveAll,
  isPublic: (address: string) => boolean,
): Promise<'ok' | 'inside-address' | 'network'> {
  try {
    const addresses = await resolveAll(host);
    if (addresses.length === 0) return 'inside-address';
    return addresses.every((entry) => isPublic(entry.address)) ? 'ok' : 'inside-address';
  } catch {
    return 'network';
  }
}

/** One-off agents, as a direct download opens its own connection (no pooling for logos). */
function throughProxy(
  url: URL,
  proxy: ProxyEndpoint,
  headers: http.OutgoingHttpHeaders,
  signal: AbortSignal,
  ca: { ca?: string },
): http.ClientRequest {
  const target = requestTargetOf(url)!;
  const agents = proxyAgents(proxy, { keepAlive: false });
  const options = viaProxy(target, proxy, agents, headers, signal);
  return (target.secure ? https : http).request({ ...options, method: 'GET', ...ca });
}

function readLogo(response: http.IncomingMessage, finish: (result: LogoDownload) => void): void {
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
}

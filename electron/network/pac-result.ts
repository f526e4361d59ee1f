import { isIP } from 'node:net';

/** A proxy this app can speak to: plain HTTP ("PROXY") or HTTP over TLS ("HTTPS"). */
export interface ProxyEndpoint {
  scheme: 'http' | 'https';
  /** A host name or an IP address (IPv6 without brackets). */
  host: string;
  port: number;
}

export type ProxyRoute = { kind: 'direct' } | ({ kind: 'proxy' } & ProxyEndpoint);

export const DIRECT: ProxyRoute = Object.freeze({ kind: 'direct' });

/** PAC's default ports when an entry names none (as Chromium reads them). */
const DEFAULT_PORTS = { PROXY: 80, HTTPS: 443 } as const;
const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;
const HOST_PORT = /^(\[[0-9a-f:.]+\]|[^\s:[\]]+)(?::(\d{1,5}))?$/i;

/**
 * Reads a PAC result: the entries in order, separated by ";", and the first one this app
 * can use wins: DIRECT, or a PROXY/HTTPS entry with a well-formed host and port. SOCKS
 * entries (SOCKS, SOCKS4, SOCKS5) and anything malformed are skipped; a result with
 * nothing usable is DIRECT, as a browser does with no proxy. The later entries of a list
 * are fallbacks for when the first proxy is down: we take the first and do not fail over,
 * so a dead proxy shows up as "cannot reach the service" instead of a silent detour.
 */
export function parsePacResult(text: unknown): ProxyRoute {
  if (typeof text !== 'string' || text.length > 4096) return DIRECT;
  for (const rawEntry of text.split(';')) {
    const entry = rawEntry.trim();
    if (entry === '') continue;
    const [keyword = '', ...rest] = entry.split(/\s+/);
    const word = keyword.toUpperCase();
    if (word === 'DIRECT' && rest.length === 0) return DIRECT;
    if ((word === 'PROXY' || word === 'HTTPS') && rest.length === 1) {
      const endpoint = endpointOf(rest[0] as string, DEFAULT_PORTS[word]);
      if (endpoint)
        return { kind: 'proxy', scheme: word === 'PROXY' ? 'http' : 'https', ...endpoint };
    }
  }
  return DIRECT;
}

function endpointOf(text: string, defaultPort: number): { host: string; port: number } | null {
  const match = HOST_PORT.exec(text);
  if (!match) return null;
  const rawHost = match[1] as string;
  const port = match[2] === undefined ? defaultPort : Number(match[2]);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) return null;
  if (rawHost.startsWith('[')) {
    const inner = rawHost.slice(1, -1);
    return isIP(inner) === 6 ? { host: inner, port } : null;
  }
  if (isIP(rawHost) === 4) return { host: rawHost, port };
  // A name whose last label is a number would be read as an IPv4 address (300.1.1.1).
  const lastLabel = rawHost.replace(/\.$/, '').split('.').pop() ?? '';
  if (HOST_NAME.test(rawHost) && !/^\d+$/.test(lastLabel)) return { host: rawHost, port };
  return null;
}

/** One key per proxy, for pooling its connections. */
export function proxyKey(proxy: ProxyEndpoint): string {
  return `${proxy.scheme}://${proxy.host.includes(':') ? `[${proxy.host}]` : proxy.host}:${proxy.port}`;
}

import type * as http from 'node:http';
import type { ProxyEndpoint } from './pac-result';
import { TUNNEL_SIGNAL, type ProxyAgents } from './proxy-agents';

/** An http(s) URL as node:http wants it. */
export interface RequestTarget {
  secure: boolean;
  /** node:http wants an IPv6 literal without its brackets. */
  hostname: string;
  port: number | undefined;
  /** Path and query. */
  path: string;
  /** host[:port] as in the URL (the Host header). */
  host: string;
  /** The URL without a fragment: the request line's target through a forward proxy. */
  absolute: string;
}

export function requestTargetOf(url: string | URL): RequestTarget | null {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const path = `${parsed.pathname}${parsed.search}`;
  return {
    secure: parsed.protocol === 'https:',
    hostname: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port === '' ? undefined : Number(parsed.port),
    path,
    host: parsed.host,
    absolute: `${parsed.protocol}//${parsed.host}${path}`,
  };
}

/**
 * The node:http(s) request options that send `target` through `proxy`: plain http as an
 * absolute-URI request to the proxy (the Host header still names the target), https
 * through the tunnel agent. `signal` stops a connection still being set up.
 */
export function viaProxy(
  target: RequestTarget,
  proxy: ProxyEndpoint,
  agents: ProxyAgents,
  headers: http.OutgoingHttpHeaders,
  signal: AbortSignal,
): http.RequestOptions {
  const extra = { [TUNNEL_SIGNAL]: signal };
  if (target.secure) {
    return {
      hostname: target.hostname,
      port: target.port ?? 443,
      path: target.path,
      headers,
      agent: agents.tunnel,
      ...extra,
    };
  }
  return {
    hostname: proxy.host,
    port: proxy.port,
    path: target.absolute,
    headers: { ...headers, host: target.host },
    agent: agents.forward,
    ...extra,
  };
}

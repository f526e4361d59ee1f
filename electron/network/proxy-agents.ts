import * as http from 'node:http';
import * as https from 'node:https';
import type { Duplex } from 'node:stream';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import type { ProxyEndpoint } from './pac-result';
import { codedError, connectToProxy, openTunnel, whenReady } from './proxy-socket';

/**
 * Request options carry the request's own AbortSignal to the agent under this name:
 * Node drops `signal` before an agent sees the options, and a connection still being set
 * up through a proxy must stop when its request is abandoned (our Clock deadline), not
 * linger until the proxy gives up.
 */
export const TUNNEL_SIGNAL = 'counterTunnelSignal';

type AgentCallback = (error: Error | null, stream: Duplex) => void;

function signalOf(options: object): AbortSignal | undefined {
  const value = (options as Record<string, unknown>)[TUNNEL_SIGNAL];
  return value instanceof AbortSignal ? value : undefined;
}

/** Node's agent ignores the stream when there is an error; the type wants one anyway. */
function toAgent(callback: AgentCallback) {
  return (error: Error | null, stream?: Duplex) =>
    error || !stream
      ? callback(error ?? codedError('no stream', 'ERR_PROXY'), stream as Duplex)
      : callback(null, stream);
}

/**
 * Plain http through a proxy: the request goes to the proxy with the absolute URL as its
 * path. Every target shares the one pool of connections to the proxy. A connection is
 * handed to the request only once it is up (TCP, and TLS for an "HTTPS" proxy), so a
 * failure before that is "nothing was sent".
 */
class ForwardProxyAgent extends http.Agent {
  constructor(
    private readonly proxy: ProxyEndpoint,
    options: http.AgentOptions,
  ) {
    super(options);
  }

  override createConnection(options: http.ClientRequestArgs, callback?: AgentCallback): undefined {
    if (callback) connectToProxy(this.proxy, signalOf(options), toAgent(callback));
    return undefined;
  }
}

/**
 * https through an HTTP CONNECT tunnel, one pool per proxy (keyed by target, as Node's
 * https agent does). TLS to the target is end to end: the proxy sees only the host name.
 * The connection is handed over after the target's TLS handshake, so a refused tunnel or
 * a certificate error is "nothing was sent", exactly as without a proxy.
 */
class TunnelProxyAgent extends https.Agent {
  constructor(
    private readonly proxy: ProxyEndpoint,
    options: https.AgentOptions,
  ) {
    super(options);
  }

  override createConnection(options: http.ClientRequestArgs, callback?: AgentCallback): undefined {
    if (!callback) return undefined;
    const signal = signalOf(options);
    const ready = toAgent(callback);
    const host = options.hostname ?? options.host ?? 'localhost';
    const port = Number(options.port ?? 443);
    openTunnel(this.proxy, { host, port }, signal, (error, tunnel) => {
      if (error || !tunnel) return ready(error);
      // The options are the request's and the agent's (servername, ca, rejectUnauthorized,
      // ...), as Node's own https agent hands them to tls.connect.
      const secure = tlsConnect({
        ...(options as ConnectionOptions),
        host,
        port,
        socket: tunnel,
        ALPNProtocols: ['http/1.1'],
      });
      tunnel.once('error', () => secure.destroy());
      whenReady(secure, 'secureConnect', signal, ready);
    });
    return undefined;
  }
}

/** The two agents for one proxy. */
export interface ProxyAgents {
  forward: http.Agent;
  tunnel: https.Agent;
}

export function proxyAgents(proxy: ProxyEndpoint, options: http.AgentOptions): ProxyAgents {
  return {
    forward: new ForwardProxyAgent(proxy, options),
    tunnel: new TunnelProxyAgent(proxy, options),
  };
}

import * as http from 'node:http';
import { connect as netConnect, isIP, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';
import type { ProxyEndpoint } from './pac-result';

/** Called once: with the connected stream, or with why there is none. */
export type StreamReady = (error: Error | null, stream?: Duplex) => void;

/** An error with a fixed code (kept for the log; the request data never goes into it). */
export function codedError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * Waits for `readyEvent` on `stream` (or an error, or `signal` aborting) and calls `done`
 * once. Before that moment no byte of the HTTP request has been written, so every failure
 * here is "not connected": the caller may safely send again, even a POST.
 */
export function whenReady(
  stream: Duplex,
  readyEvent: string,
  signal: AbortSignal | undefined,
  done: StreamReady,
): void {
  let called = false;
  const finish = (error: Error | null) => {
    if (called) return;
    called = true;
    stream.off(readyEvent, onReady);
    stream.off('error', finish);
    signal?.removeEventListener('abort', onAbort);
    if (error) {
      stream.destroy();
      done(error);
    } else done(null, stream);
  };
  const onReady = () => finish(null);
  const onAbort = () => finish(codedError('the request was abandoned', 'ABORT_ERR'));
  if (signal?.aborted) return onAbort();
  stream.once(readyEvent, onReady);
  stream.once('error', finish);
  signal?.addEventListener('abort', onAbort, { once: true });
}

/** A connection to the proxy itself: TCP, plus TLS for an "HTTPS" proxy. */
export function connectToProxy(
  proxy: ProxyEndpoint,
  signal: AbortSignal | undefined,
  done: StreamReady,
): void {
  if (proxy.scheme === 'https') {
    const socket = tlsConnect({
      host: proxy.host,
      port: proxy.port,
      ...(isIP(proxy.host) ? {} : { servername: proxy.host }),
      ALPNProtocols: ['http/1.1'],
    });
    whenReady(socket, 'secureConnect', signal, done);
  } else {
    whenReady(netConnect({ host: proxy.host, port: proxy.port }), 'connect', signal, done);
  }
}

/**
 * An HTTP CONNECT tunnel through `proxy` to `host:port`: the stream it calls back with
 * carries raw bytes to the target (the caller starts TLS on it). Any answer but 2xx is a
 * refusal (the proxy's own page is never read as the service's answer).
 */
export function openTunnel(
  proxy: ProxyEndpoint,
  target: { host: string; port: number },
  signal: AbortSignal | undefined,
  done: StreamReady,
): void {
  connectToProxy(proxy, signal, (error, proxySocket) => {
    if (error || !proxySocket) return done(error ?? codedError('no proxy socket', 'ERR_PROXY'));
    const authority = `${target.host.includes(':') ? `[${target.host}]` : target.host}:${target.port}`;
    const request = http.request({
      method: 'CONNECT',
      path: authority,
      headers: { host: authority },
      createConnection: () => proxySocket as Socket,
    });
    let called = false;
    const finish = (failure: Error | null, tunnel?: Duplex) => {
      if (called) return;
      called = true;
      signal?.removeEventListener('abort', onAbort);
      if (failure) {
        request.destroy();
        proxySocket.destroy();
        done(failure);
      } else done(null, tunnel);
    };
    const onAbort = () => finish(codedError('the request was abandoned', 'ABORT_ERR'));
    signal?.addEventListener('abort', onAbort, { once: true });
    request.once('connect', (response: http.IncomingMessage, tunnel: Duplex, head: Buffer) => {
      const status = response.statusCode ?? 0;
      if (status < 200 || status > 299)
        return finish(codedError(`the proxy refused the tunnel (${status})`, 'ERR_PROXY_TUNNEL'));
      // The target speaks only after our TLS hello, so nothing should follow the answer.
      if (head.length > 0) tunnel.unshift(head);
      finish(null, tunnel);
    });
    request.once('error', (failure) => finish(failure));
    // Closed without an answer (no 'connect' and no error).
    request.once('close', () =>
      finish(codedError('the proxy closed the connection', 'ECONNRESET')),
    );
    request.end();
  });
}

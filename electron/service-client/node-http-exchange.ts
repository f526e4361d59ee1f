import * as http from 'node:http';
import * as https from 'node:https';
import type { Socket } from 'node:net';
import type { Clock } from '../../shared/clock';
import { AgentPool } from '../network/agent-pool';
import { trustOsCertificates } from '../network/os-certificates';
import type { PreconnectResult } from '../network/preconnect-agent';
import type { ProxyRoute } from '../network/pac-result';
import type { ProxyResolver } from '../network/proxy-resolver';
import { ProxyRoutes } from '../network/proxy-routes';
import { requestTargetOf, viaProxy, type RequestTarget } from '../network/request-target';
import type { ExchangeLimits, ExchangeOutcome, ExchangeRequest } from './exchange';
import { networkCodeOf } from './network-error';
import { decodeStrictUtf8 } from './strict-utf8';

/**
 * The production transport: node:http / node:https over keep-alive agents. It is ~25%
 * cheaper per request than undici's fetch (no WHATWG streams/Headers), and node:http says
 * precisely whether the request can have left this machine, which is what decides between
 * "nothing was sent" and "the order may exist" for a POST.
 *
 * The agents are shared by every client in the process (one pool per host:port, and one
 * pair of agents per proxy, ../network/agent-pool.ts):
 * - maxSockets 4: the till sends one request at a time; a few spare for overlapping calls.
 * - timeout 50 s: an idle pooled (or pre-connected, `preconnectService`) socket is closed
 *   by us after 50 s, before common load balancers' and servers' idle timeouts (AWS ALB
 *   60 s, nginx 75 s), so a connection lives through a sale's pauses (typing, the
 *   customer's wallet) without being kept open forever. With a timeout set, the agent
 *   also honours a shorter `Keep-Alive: timeout=N` hint (closing 1 s early; Node servers
 *   send timeout=5): this narrows the race where the server closes a pooled socket just
 *   as we reuse it. (On a socket in use the timeout only emits an event nobody acts on;
 *   our own deadline is the Clock's.)
 * - maxCachedSessions 100 (Node's default, said here because it matters): the https agent
 *   keeps each origin's TLS session, so the handshake after a quiet spell resumes it
 *   (no certificate chain sent and checked again) when the service still accepts it.
 * - lifo: the most recently used socket is reused, the least likely to be stale.
 * Exported for the benchmark's bare node:http baseline, which must use the same pool.
 */
export const SERVICE_AGENT_OPTIONS: Readonly<https.AgentOptions> = {
  keepAlive: true,
  keepAliveMsecs: 1_000,
  maxSockets: 4,
  maxFreeSockets: 4,
  timeout: 50_000,
  maxCachedSessions: 100,
  scheduling: 'lifo',
};
const agents = new AgentPool(SERVICE_AGENT_OPTIONS);

/**
 * Closes every pooled and in-use socket (clean shutdown of the main process, tests). The
 * transport stays usable: the next request opens a new connection.
 */
export function closeServiceTransport(): void {
  agents.destroy();
}

/**
 * Opens the connection the next request to `url`'s origin will use, without sending
 * anything on it (no request, no token): TCP and, for https, the TLS handshake, through the
 * same agent the requests use. The till calls it when the cashier starts typing an amount,
 * so "Show QR" after a quiet spell costs one round trip instead of three (TCP, TLS, the
 * request). Nothing happens when the pool already has an idle connection there. Through a
 * proxy nothing is opened ahead ('proxied'): the tunnel agent makes its connection per
 * request. Never rejects; a failure here changes nothing for the request, which connects
 * (and reports) as it always did.
 */
export async function preconnectService(
  url: string,
): Promise<PreconnectResult | 'proxied' | 'invalid'> {
  const target = targetOf(url);
  if (target === null) return 'invalid';
  if (routes !== null && (await routes.routeFor(url)).kind !== 'direct') return 'proxied';
  if (target.secure) trustOsCertificates();
  return agents.preconnect(
    target.secure,
    target.hostname,
    target.port ?? (target.secure ? 443 : 80),
  );
}

/**
 * Closes the idle connections (pooled and pre-connected) now, as the idle timeout does
 * after 50 s, keeping the agents' TLS sessions: the state of the till after a quiet spell
 * (the first-QR benchmark and tests; also right for a machine back from sleep).
 */
export function closeIdleServiceConnections(): void {
  agents.closeIdle();
}

/** How requests leave this machine; null: always directly (no resolver was given). */
let routes: ProxyRoutes | null = null;

/**
 * Sends every service request the way `resolver` says (the OS proxy settings and PAC in
 * the app), each origin's answer kept for a minute on `clock`. The proxy is a fact of the
 * machine, not of one client, like the agents: one setting for the process. null: direct.
 */
export function routeServiceRequests(resolver: ProxyResolver | null, clock: Clock): void {
  routes = resolver ? new ProxyRoutes(resolver, clock) : null;
}

/** The client asks for a handful of URLs (one per endpoint, assets per chain): parsed once. */
const targets = new Map<string, RequestTarget | null>();
const MAX_CACHED_TARGETS = 64;

function targetOf(url: string): RequestTarget | null {
  let target = targets.get(url);
  if (target !== undefined) return target;
  target = requestTargetOf(url);
  if (targets.size >= MAX_CACHED_TARGETS) targets.clear();
  targets.set(url, target);
  return target;
}

/**
 * Where the request stands, for classifying an error:
 * - 'no-socket' / 'connecting': DNS, TCP connect or (https) the TLS handshake has not
 *   finished, so node:http has not written a byte of the request: nothing was sent.
 * - 'may-have-written': the socket is connected (or was reused from the pool); from here any
 *   failure may come after the service read the request. A pooled socket the server closes
 *   just as we reuse it (ECONNRESET, "socket hang up") lands here too: we cannot know
 *   whether the request got there, so a POST is outcome-unknown and a GET is retried.
 */
type Phase = 'no-socket' | 'connecting' | 'may-have-written';

/**
 * One request with a deadline from the injected Clock (clock.at destroys the request; tests
 * move a ManualClock, nothing sleeps), covering connect, waiting and reading the whole body.
 * Redirects are never followed (node:http does not), so a 3xx reaches read-outcome.ts as an
 * unexpected answer. Errors are reduced to a code here and dropped: the request object and
 * its errors reference the headers, so nothing of them outlives this call.
 */
export function exchange(
  request: ExchangeRequest,
  limits: ExchangeLimits,
): Promise<ExchangeOutcome> {
  return new Promise<ExchangeOutcome>((resolve) => {
    const target = targetOf(request.url);
    if (target === null) {
      // The base URL was normalised, so this is not expected; nothing was sent either way.
      resolve({ type: 'not-connected', code: 'ERR_INVALID_URL' });
      return;
    }
    let settled = false;
    let phase: Phase = 'no-socket';
    let req: http.ClientRequest | undefined;
    // Stops a connection still being set up through a proxy when the request is abandoned
    // (made only for a proxied request: the direct path stays as lean as it was).
    let setUp: AbortController | undefined;
    const cancelTimer = limits.clock.at(limits.clock.now() + limits.timeoutMs, () =>
      abandon({ type: 'timeout' }),
    );
    function finish(outcome: ExchangeOutcome): void {
      if (settled) return;
      settled = true;
      cancelTimer();
      resolve(outcome);
    }
    /** Ends the exchange early: the socket is destroyed, never returned half-read to the pool. */
    function abandon(outcome: ExchangeOutcome): void {
      finish(outcome);
      setUp?.abort();
      req?.destroy();
    }
    const maxBytes = limits.maxResponseBytes;

    const headers: http.OutgoingHttpHeaders = {
      Accept: 'application/json',
      Authorization: `Bearer ${request.token}`,
    };
    if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      headers['Content-Length'] = Buffer.byteLength(request.body, 'utf8');
    }
    // Without a resolver the request goes out in this turn, as it always did.
    if (routes === null) send({ kind: 'direct' });
    else
      void routes.routeFor(request.url).then((route) => {
        if (!settled) send(route);
      });

    function send(route: ProxyRoute): void {
      if (!target) return;
      // Before this process's first TLS handshake (to the service or an HTTPS proxy).
      if (target.secure || route.kind !== 'direct') trustOsCertificates();
      try {
        req = (target.secure ? https : http).request({
          ...(route.kind === 'direct'
            ? {
                hostname: target.hostname,
                port: target.port,
                path: target.path,
                headers,
                agent: agents.direct(target.secure),
              }
            : viaProxy(
                target,
                route,
                agents.forProxy(route),
                headers,
                (setUp = new AbortController()).signal,
              )),
          method: request.method,
        });
      } catch (error) {
        // Refused by node:http before any socket (e.g. an invalid header): nothing was sent.
        finish({ type: 'not-connected', code: networkCodeOf(error) ?? 'ERR_REQUEST_NOT_SENT' });
        return;
      }
      listen(req, target.secure);
      req.end(request.body);
    }

    function listen(sent: http.ClientRequest, secure: boolean): void {
      sent.on('socket', (socket: Socket) => {
        if (sent.reusedSocket || !socket.connecting) {
          // A pooled socket (or one already connected): the bytes may go out at once.
          phase = 'may-have-written';
          return;
        }
        phase = 'connecting';
        // For https, 'connect' is only TCP: the request is written after the handshake.
        socket.once(secure ? 'secureConnect' : 'connect', () => {
          phase = 'may-have-written';
        });
      });

      sent.on('error', (error: unknown) => {
        const code = networkCodeOf(error);
        finish(
          phase === 'may-have-written'
            ? { type: 'interrupted', code }
            : { type: 'not-connected', code: code ?? 'ERR_NOT_CONNECTED' },
        );
      });

      sent.on('response', (res: http.IncomingMessage) => {
        // Errors after this point are the body breaking off; without a listener they would throw.
        res.on('error', (error: unknown) =>
          finish({ type: 'interrupted', code: networkCodeOf(error) }),
        );
        if (settled) {
          res.destroy();
          return;
        }
        const status = res.statusCode ?? 0;
        const declaredText = res.headers['content-length'];
        if (
          declaredText !== undefined &&
          /^\d{1,15}$/.test(declaredText.trim()) &&
          Number(declaredText) > maxBytes
        ) {
          abandon({ type: 'unreadable', status, reason: 'too-large' });
          return;
        }
        const chunks: Buffer[] = [];
        let total = 0;
        res.on('data', (chunk: Buffer) => {
          total += chunk.byteLength;
          // Without a Content-Length (chunked) the body could grow without end: stop here.
          if (total > maxBytes) abandon({ type: 'unreadable', status, reason: 'too-large' });
          else chunks.push(chunk);
        });
        res.on('end', () => {
          const bytes = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total);
          const text = decodeStrictUtf8(bytes);
          finish(
            text === undefined
              ? { type: 'unreadable', status, reason: 'not-utf8' }
              : { type: 'response', status, text },
          );
        });
        res.on('close', () => {
          // Closed before 'end' without an 'error' (the socket went away mid-body).
          if (!res.complete) finish({ type: 'interrupted', code: 'ECONNRESET' });
        });
      });
    }
  });
}

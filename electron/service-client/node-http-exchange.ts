import * as http from 'node:http';
import * as https from 'node:https';
import type { Socket } from 'node:net';
import type { ExchangeLimits, ExchangeOutcome, ExchangeRequest } from './exchange';
import { networkCodeOf } from './network-error';
import { decodeStrictUtf8 } from './strict-utf8';

/**
 * The production transport: node:http / node:https over keep-alive agents. It is ~25%
 * cheaper per request than undici's fetch (no WHATWG streams/Headers), and node:http says
 * precisely whether the request can have left this machine, which is what decides between
 * "nothing was sent" and "the order may exist" for a POST.
 *
 * The agents are shared by every client in the process (one pool per host:port):
 * - maxSockets 4: the till sends one request at a time; a few spare for overlapping calls.
 * - timeout 4 s: an idle pooled socket is closed by us before common server idle timeouts
 *   (Node 5 s, nginx 75 s). With a timeout set, the agent also honours a shorter
 *   `Keep-Alive: timeout=N` hint (closing 1 s early): this narrows the race where the
 *   server closes a pooled socket just as we reuse it. (On a socket in use the timeout only
 *   emits an event nobody acts on; our own deadline is the Clock's.)
 * - lifo: the most recently used socket is reused, the least likely to be stale.
 * Exported for the benchmark's bare node:http baseline, which must use the same pool.
 */
export const SERVICE_AGENT_OPTIONS: Readonly<http.AgentOptions> = {
  keepAlive: true,
  keepAliveMsecs: 1_000,
  maxSockets: 4,
  maxFreeSockets: 4,
  timeout: 4_000,
  scheduling: 'lifo',
};
let httpAgent = new http.Agent(SERVICE_AGENT_OPTIONS);
let httpsAgent = new https.Agent(SERVICE_AGENT_OPTIONS);

/**
 * Closes every pooled and in-use socket (clean shutdown of the main process, tests). The
 * transport stays usable: the next request opens a new connection.
 */
export function closeServiceTransport(): void {
  httpAgent.destroy();
  httpsAgent.destroy();
  httpAgent = new http.Agent(SERVICE_AGENT_OPTIONS);
  httpsAgent = new https.Agent(SERVICE_AGENT_OPTIONS);
}

interface Target {
  secure: boolean;
  hostname: string;
  port: number | undefined;
  path: string;
}

/** The client asks for a handful of URLs (one per endpoint, assets per chain): parsed once. */
const targets = new Map<string, Target | null>();
const MAX_CACHED_TARGETS = 64;

function targetOf(url: string): Target | null {
  let target = targets.get(url);
  if (target !== undefined) return target;
  target = parseTarget(url);
  if (targets.size >= MAX_CACHED_TARGETS) targets.clear();
  targets.set(url, target);
  return target;
}

function parseTarget(url: string): Target | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return {
    secure: parsed.protocol === 'https:',
    // node:http wants an IPv6 literal without its brackets.
    hostname: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port === '' ? undefined : Number(parsed.port),
    path: `${parsed.pathname}${parsed.search}`,
  };
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
    try {
      req = (target.secure ? https : http).request({
        hostname: target.hostname,
        port: target.port,
        path: target.path,
        method: request.method,
        headers,
        agent: target.secure ? httpsAgent : httpAgent,
      });
    } catch (error) {
      // Refused by node:http before any socket (e.g. an invalid header): nothing was sent.
      finish({ type: 'not-connected', code: networkCodeOf(error) ?? 'ERR_REQUEST_NOT_SENT' });
      return;
    }

    req.on('socket', (socket: Socket) => {
      if (req?.reusedSocket || !socket.connecting) {
        // A pooled socket (or one already connected): the bytes may go out at once.
        phase = 'may-have-written';
        return;
      }
      phase = 'connecting';
      // For https, 'connect' is only TCP: the request is written after the handshake.
      socket.once(target.secure ? 'secureConnect' : 'connect', () => {
        phase = 'may-have-written';
      });
    });

    req.on('error', (error: unknown) => {
      const code = networkCodeOf(error);
      finish(
        phase === 'may-have-written'
          ? { type: 'interrupted', code }
          : { type: 'not-connected', code: code ?? 'ERR_NOT_CONNECTED' },
      );
    });

    req.on('response', (res: http.IncomingMessage) => {
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

    req.end(request.body);
  });
}

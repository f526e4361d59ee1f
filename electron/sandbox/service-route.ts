import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '../../shared/clock';
import { sendFailure } from './envelope-replies';
import { sendFaultReply } from './fault-replies';
import { sandboxEndpoints, type FaultBook, type SandboxEndpoint } from './fault-rules';
import type { LatencyWaits } from './latency-waits';
import { parseBody, readBody, recordedBody, type ParsedBody } from './read-body';
import type { SandboxLedger } from './sandbox-ledger';
import type { Reply, ServiceRequest } from './service-endpoints';

/**
 * A request to anything that is not a control, logo or QR-page path: records it if it names
 * a service path, then applies the first matching fault rule before the endpoint answers.
 * Faults come before authentication and validation because a broken service answers
 * everyone the same (README.md: Faults).
 */

export const SANDBOX_PATH_PREFIX = '/v1/cf-payment';

/** The largest service request body accepted; the real bodies are a few hundred bytes. */
const MAX_BODY_BYTES = 64 * 1024;

export interface ServiceRouteContext {
  clock: Clock;
  ledger: SandboxLedger;
  faultBook: FaultBook;
  latency: LatencyWaits;
  /** The four endpoints; only called once the server listens (the logo URLs need the port). */
  handle(request: ServiceRequest): Reply;
}

interface RequestTarget {
  url: string;
  path: string;
  query: string;
}

/** undefined: not under the service prefix; null: under it but no such endpoint. */
function endpointOf(path: string): SandboxEndpoint | null | undefined {
  if (!path.startsWith(`${SANDBOX_PATH_PREFIX}/`)) return undefined;
  const rest = path.slice(SANDBOX_PATH_PREFIX.length + 1).replace(/\/$/, '');
  return (sandboxEndpoints as readonly string[]).includes(rest) ? (rest as SandboxEndpoint) : null;
}

/** Every request to a service path is kept, refused and faulted ones included, for requests(). */
function recordRequest(
  context: ServiceRouteContext,
  req: IncomingMessage,
  endpoint: SandboxEndpoint | null,
  url: string,
  body: ParsedBody,
): void {
  context.ledger.record({
    method: req.method ?? '',
    endpoint,
    url,
    body: recordedBody(body),
    authorization: req.headers.authorization,
    atMs: context.clock.now(),
  });
}

export async function serveServicePath(
  req: IncomingMessage,
  res: ServerResponse,
  target: RequestTarget,
  context: ServiceRouteContext,
): Promise<void> {
  const endpoint = endpointOf(target.path);
  const raw = await readBody(req, MAX_BODY_BYTES);
  const body = raw === 'too-large' ? ({ kind: 'invalid', raw: '' } as const) : parseBody(raw);
  if (endpoint !== undefined) recordRequest(context, req, endpoint, target.url, body);
  if (raw === 'too-large') {
    return sendFailure(
      res,
      { status: 413, code: 'BODY_TOO_LARGE', msg: 'The request body is too large.' },
      { connection: 'close' },
    );
  }
  if (!endpoint) {
    return sendFailure(res, {
      status: 404,
      code: 'NOT_FOUND',
      msg: `Nothing is served at ${target.path}.`,
    });
  }

  const rule = context.faultBook.take(endpoint);
  if (rule?.latencyMs) {
    if (!(await context.latency.wait(rule.latencyMs, res))) return;
  }
  if (rule?.hang) return; // close() destroys the socket.
  if (rule?.drop === 'after-request') {
    req.socket.destroy();
    return;
  }
  if (rule && (rule.status !== undefined || rule.body !== undefined))
    return sendFaultReply(res, rule, endpoint);

  const reply = context.handle({
    endpoint,
    method: req.method ?? '',
    query: target.query,
    body,
    authorization: req.headers.authorization,
    ...(rule?.link ? { link: rule.link } : {}),
  });
  if (rule?.drop === 'after-processing') {
    req.socket.destroy();
    return;
  }
  const bytes = Buffer.from(reply.body, 'utf8');
  res.writeHead(reply.status, {
    ...reply.headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': bytes.length,
  });
  res.end(bytes);
}

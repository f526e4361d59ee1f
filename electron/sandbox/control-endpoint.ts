import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { faultRuleListSchema, type FaultRule } from './fault-rules';
import { isLoopbackAddress } from './loopback-address';
import { parseBody, readBody } from './read-body';
import type { SandboxLedger } from './sandbox-ledger';
import type { SandboxConfig } from './service-endpoints';

/**
 * {origin}/__control/*: drives the sandbox from outside the process (curl, a Playwright run,
 * the CLI sandbox). Loopback only; answers plain JSON, not the service envelope, because it
 * is not part of the service.
 */

export interface ControlTarget {
  ledger: SandboxLedger;
  faults(): FaultRule[];
  setFaults(rules: FaultRule[]): void;
  config(): SandboxConfig;
  configure(patch: unknown): void;
}

const CONTROL_PREFIX = '/__control/';
const MAX_CONTROL_BODY = 256 * 1024;

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  res.end(body);
}

const faultsBodySchema = z.union([faultRuleListSchema, z.object({ faults: faultRuleListSchema })]);

async function readJson(
  req: IncomingMessage,
): Promise<{ ok: true; value: unknown } | { ok: false; error: string }> {
  const raw = await readBody(req, MAX_CONTROL_BODY);
  if (raw === 'too-large') return { ok: false, error: 'Body too large.' };
  const body = parseBody(raw);
  if (body.kind === 'json') return { ok: true, value: body.value };
  return {
    ok: false,
    error: body.kind === 'empty' ? 'Send a JSON body.' : 'The body is not valid JSON.',
  };
}

export function isControlPath(path: string): boolean {
  return path.startsWith(CONTROL_PREFIX);
}

export async function handleControl(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  target: ControlTarget,
): Promise<void> {
  if (!isLoopbackAddress(req.socket.remoteAddress)) {
    sendJson(res, 403, { error: 'The control endpoint answers loopback clients only.' });
    req.resume();
    return;
  }
  const route = `${req.method ?? ''} ${path.slice(CONTROL_PREFIX.length).replace(/\/$/, '')}`;
  switch (route) {
    case 'GET faults':
      return sendJson(res, 200, { faults: target.faults() });
    case 'DELETE faults':
      target.setFaults([]);
      return sendJson(res, 200, { faults: [] });
    case 'PUT faults': {
      const body = await readJson(req);
      if (!body.ok) return sendJson(res, 400, { error: body.error });
      const parsed = faultsBodySchema.safeParse(body.value);
      if (!parsed.success) return sendJson(res, 400, { error: z.prettifyError(parsed.error) });
      target.setFaults(Array.isArray(parsed.data) ? parsed.data : parsed.data.faults);
      return sendJson(res, 200, { faults: target.faults() });
    }
    case 'GET config':
      return sendJson(res, 200, { config: target.config() });
    case 'PUT config': {
      const body = await readJson(req);
      if (!body.ok) return sendJson(res, 400, { error: body.error });
      try {
        target.configure(body.value);
      } catch (error) {
        return sendJson(res, 400, { error: (error as Error).message });
      }
      return sendJson(res, 200, { config: target.config() });
    }
    case 'GET orders':
      return sendJson(res, 200, { orders: target.ledger.orders });
    case 'GET nfc-payments':
      return sendJson(res, 200, { nfcPayments: target.ledger.nfcPayments });
    case 'GET requests':
      return sendJson(res, 200, { requests: target.ledger.requests() });
    case 'POST nfc-token':
      req.resume();
      return sendJson(res, 200, { token: target.ledger.issueToken() });
    default:
      req.resume();
      return sendJson(res, 404, {
        error:
          'Unknown control route. Try GET/PUT/DELETE faults, GET/PUT config, GET orders, GET nfc-payments, GET requests, POST nfc-token.',
      });
  }
}

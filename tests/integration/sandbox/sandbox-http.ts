import type { RunningSandbox } from '../../../electron/sandbox/sandbox-server';

/** Small helpers for talking to a running sandbox over real HTTP with Node's fetch. */

export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

async function answerOf(response: Response): Promise<HttpAnswer> {
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export function authHeaders(sandbox: RunningSandbox): Record<string, string> {
  return { authorization: `Bearer ${sandbox.token}` };
}

export async function getJson(
  sandbox: RunningSandbox,
  path: string,
  headers = authHeaders(sandbox),
): Promise<HttpAnswer> {
  return answerOf(await fetch(`${sandbox.baseUrl}${path}`, { headers }));
}

/** POSTs `body` as JSON (a string is sent as is, for non-JSON bodies). */
export async function postJson(
  sandbox: RunningSandbox,
  path: string,
  body: unknown,
  headers = authHeaders(sandbox),
): Promise<HttpAnswer> {
  const response = await fetch(`${sandbox.baseUrl}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return answerOf(response);
}

let orderCounter = 0;
/** A fresh order id per call, so tests never collide through the duplicate-order rule. */
function nextOrderId(): string {
  orderCounter += 1;
  return `test-order-${orderCounter}`;
}

export function qrBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    order_id: nextOrderId(),
    amount: '12.5',
    asset: 'USDT',
    chain_id: '1',
    currency: 'USD',
    fee_value: '0.25',
    serial_number: 'POS-0001',
    ...overrides,
  };
}

export function nfcBody(
  token: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    order_id: nextOrderId(),
    amount: '3.75',
    token,
    serial_number: 'POS-0001',
    ...overrides,
  };
}

/** Resolves once every response already written has been read: a barrier, not a sleep. */
export async function roundTrip(sandbox: RunningSandbox): Promise<void> {
  await (await fetch(`${sandbox.origin}/__control/faults`)).text();
}

/** Tracks whether a promise has settled, without awaiting it. */
export function track<T>(promise: Promise<T>): { settled: () => boolean; promise: Promise<T> } {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  return { settled: () => settled, promise };
}

export function envelopeError(answer: HttpAnswer): {
  msg: string;
  error_code: string;
  errors: unknown[];
} {
  return answer.json as { msg: string; error_code: string; errors: unknown[] };
}

import { afterEach, beforeEach, expect } from 'vitest';
import {
  startSandbox,
  type RunningSandbox,
  type SandboxOptions,
} from '../../../electron/sandbox/sandbox-server';
import {
  createServiceClient,
  type PaymentServiceClient,
  type ServiceClientOptions,
} from '../../../electron/service-client/payment-service-client';
import { ServiceError } from '../../../electron/service-client/service-error';
import type { Asset } from '../../../shared/wire/asset';
import type { GenerateQrRequest } from '../../../shared/wire/requests';
import { ManualClock } from '../../support/manual-clock';
import { findSecret, recordingLogger, type RecordedLog } from '../../support/secret-leak';

/**
 * A real sandbox over loopback HTTP and a client, both on one ManualClock: the sandbox's
 * latency faults and expire_at, and the client's timeouts and backoff, move only when the
 * test moves the clock. Every error thrown and every log line is checked for the token
 * after each test.
 */

/**
 * The client's two transports (README "Transport"): node:http is what runs when no fetch is
 * injected (production); fetch is what runs when a host injects one. Every integration test
 * runs against the real sandbox over both, so each fault is classified alike by both.
 */
export const transports = ['node:http', 'fetch'] as const;
export type Transport = (typeof transports)[number];
let transport: Transport = 'node:http';

/** Call inside a describe: the harnesses its tests start use `which`. */
export function useTransport(which: Transport): void {
  beforeEach(() => {
    transport = which;
  });
}

export const TIMEOUT_MS = 10_000;
export const BACKOFF_MS = 300;

export interface Harness {
  sandbox: RunningSandbox;
  clock: ManualClock;
  client: PaymentServiceClient;
  logs: RecordedLog[];
  /** Another client on the same sandbox and clock (e.g. with a wrong token). */
  clientWith(options: Partial<ServiceClientOptions>): PaymentServiceClient;
  /** The ServiceError a call rejects with; fails the test if it resolves. */
  caught(promise: Promise<unknown>): Promise<ServiceError>;
}

const open: Harness[] = [];
const secrets: string[] = [];
const thrown: unknown[] = [];

afterEach(async () => {
  const harnesses = open.splice(0);
  try {
    for (const harness of harnesses) {
      for (const secret of secrets) {
        expect(findSecret(thrown, secret), 'token in a thrown error').toEqual([]);
        expect(findSecret(harness.logs, secret), 'token in a log call').toEqual([]);
      }
    }
  } finally {
    thrown.length = 0;
    secrets.length = 0;
    await Promise.all(harnesses.map((harness) => harness.sandbox.close()));
  }
});

export async function startHarness(
  sandboxOptions: SandboxOptions = {},
  clientOptions: Partial<ServiceClientOptions> = {},
): Promise<Harness> {
  const clock = new ManualClock();
  const sandbox = await startSandbox({ clock, ...sandboxOptions });
  secrets.push(sandbox.token);
  const { calls: logs, logger } = recordingLogger();
  const clientWith = (options: Partial<ServiceClientOptions>) => {
    const token = options.getToken?.();
    if (token) secrets.push(token);
    return createServiceClient({
      baseUrl: sandbox.baseUrl,
      getToken: () => sandbox.token,
      clock,
      timeoutMs: TIMEOUT_MS,
      backoffMs: BACKOFF_MS,
      logger,
      // Looked up per call, so a test can spy on globalThis.fetch to see which transport ran.
      ...(transport === 'fetch'
        ? { fetch: ((input, init) => globalThis.fetch(input, init)) as typeof fetch }
        : {}),
      ...clientOptions,
      ...options,
    });
  };
  const harness: Harness = {
    sandbox,
    clock,
    logs,
    client: clientWith({}),
    clientWith,
    async caught(promise) {
      const error = await promise.then(
        () => undefined,
        (e: unknown) => e,
      );
      thrown.push(error);
      if (!(error instanceof ServiceError))
        throw new Error(`expected a ServiceError, got ${String(error)}`);
      return error;
    },
  };
  open.push(harness);
  return harness;
}

/**
 * Resolves once the client has logged its `count`-th retry: it logs just before arming the
 * backoff timer, so the clock can then be moved past the backoff.
 */
export async function untilRetry(harness: Harness, count: number): Promise<void> {
  await until(
    () => harness.logs.filter((entry) => entry.level === 'warn').length >= count,
    `retry ${count}`,
  );
}

/** Waits (in event-loop turns, not time) until `condition` holds; network I/O needs a few turns. */
export async function until(condition: () => boolean, what = 'condition'): Promise<void> {
  const giveUpAt = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > giveUpAt) throw new Error(`gave up waiting for ${what}`);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

let orderCounter = 0;
function newOrderId(): string {
  orderCounter += 1;
  return `it-${process.pid}-${orderCounter}`;
}

export const usdtEthereum: Asset = {
  asset: 'USDT',
  chain: 'ETHEREUM',
  chain_id: 1,
  decimal: 6,
  logo: '',
};

export function qrRequest(overrides: Partial<GenerateQrRequest> = {}): GenerateQrRequest {
  return {
    order_id: newOrderId(),
    amount: '12.5',
    asset: 'USDT',
    chain_id: '1',
    currency: 'USD',
    fee_value: '0.5',
    serial_number: 'POS-IT-1',
    ...overrides,
  };
}

export function ordersFor(sandbox: RunningSandbox, orderId: string) {
  return sandbox.orders().filter((order) => order.orderId === orderId);
}

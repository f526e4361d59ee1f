import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../../electron/sandbox/sandbox-server';
import {
  BACKOFF_MS,
  TIMEOUT_MS,
  ordersFor,
  qrRequest,
  startHarness,
  until,
  untilRetry,
  usdtEthereum,
  transports,
  useTransport,
} from './harness';

/**
 * A POST that may have reached the service is never re-sent by the client; one that never
 * connected is tried again after the backoff. In every test the sandbox must end up with at
 * most one order per order_id, and a retry with the same order_id resolves an unknown outcome.
 */
describe.each(transports)('service client POSTs against sandbox faults (%s)', (transport) => {
  useTransport(transport);

  it('latency within the timeout succeeds, one order', async () => {
    const { client, sandbox, clock } = await startHarness({
      faults: [{ endpoint: 'generate_qr', latencyMs: 5_000 }],
    });
    const request = qrRequest();
    const result = client.createPaymentLink(request, usdtEthereum);
    await sandbox.waitForRequests('generate_qr', 1);
    clock.advance(5_000);
    const link = await result;
    expect(link.amountMatches).toBe(true);
    // expire_at was written when the service processed it, 5 s after sending.
    expect(link.expiry).toEqual({
      kind: 'known',
      atMs: link.sentAtMs + 5_000 + 900_000,
      order: 'day-first',
    });
    expect(ordersFor(sandbox, request.order_id)).toHaveLength(1);
  });

  it.each([
    ['latency beyond the timeout', { latencyMs: TIMEOUT_MS * 2 }],
    ['a hang', { hang: true }],
  ])(
    '%s is outcome-unknown, sent once; a retry with the same order_id then succeeds',
    async (_name, fault) => {
      const { client, sandbox, clock, caught } = await startHarness({
        faults: [{ endpoint: 'generate_qr', times: 1, ...fault }],
      });
      const request = qrRequest();
      const result = caught(client.createPaymentLink(request, usdtEthereum));
      await sandbox.waitForRequests('generate_qr', 1);
      clock.advance(TIMEOUT_MS);
      const error = await result;
      expect(error.kind).toBe('outcome-unknown');
      // The sandbox drops its latency timer once it sees the client leave; only then is it
      // certain the order will never be processed (otherwise the retry would be a duplicate).
      await until(() => clock.pendingTimers() === 0, 'the sandbox to see the client leave');
      clock.advance(TIMEOUT_MS * 3);
      expect(sandbox.requests()).toHaveLength(1);
      expect(ordersFor(sandbox, request.order_id)).toHaveLength(0);

      await expect(client.createPaymentLink(request, usdtEthereum)).resolves.toMatchObject({
        amountMatches: true,
      });
      expect(ordersFor(sandbox, request.order_id)).toHaveLength(1);
    },
  );

  it('a drop after the request is outcome-unknown; no order exists and the retry succeeds', async () => {
    const { client, sandbox, caught } = await startHarness({
      faults: [{ endpoint: 'generate_qr', drop: 'after-request', times: 1 }],
    });
    const request = qrRequest();
    const error = await caught(client.createPaymentLink(request, usdtEthereum));
    expect(error.kind).toBe('outcome-unknown');
    expect(error.message).toMatch(/retry the same order or void it/);
    expect(sandbox.requests()).toHaveLength(1);
    expect(ordersFor(sandbox, request.order_id)).toHaveLength(0);

    await expect(client.createPaymentLink(request, usdtEthereum)).resolves.toMatchObject({
      amountMatches: true,
    });
    expect(ordersFor(sandbox, request.order_id)).toHaveLength(1);
  });

  it('a drop after processing is outcome-unknown; the order exists once and the retry is rejected as a duplicate', async () => {
    const { client, sandbox, caught } = await startHarness({
      faults: [{ endpoint: 'generate_qr', drop: 'after-processing', times: 1 }],
    });
    const request = qrRequest();
    const error = await caught(client.createPaymentLink(request, usdtEthereum));
    expect(error.kind).toBe('outcome-unknown');
    expect(sandbox.requests()).toHaveLength(1);
    expect(ordersFor(sandbox, request.order_id)).toHaveLength(1);

    const retry = await caught(client.createPaymentLink(request, usdtEthereum));
    expect(retry.failure).toMatchObject({
      kind: 'rejected',
      serviceCode: 'DUPLICATE_ORDER',
      httpStatus: 409,
    });
    expect(retry.failure.serviceMessage).toMatch(/already exists/);
    expect(ordersFor(sandbox, request.order_id)).toHaveLength(1);
  });

  it.each(['after-request', 'after-processing'] as const)(
    'generate_nfc dropped %s is outcome-unknown and recorded at most once',
    async (drop) => {
      const { client, sandbox, caught } = await startHarness({
        faults: [{ endpoint: 'generate_nfc', drop, times: 1 }],
      });
      const request = {
        order_id: `nfc-drop-${drop}`,
        amount: '2',
        token: sandbox.issueNfcToken(),
        serial_number: 'POS-IT-1',
      };
      expect((await caught(client.submitNfcPayment(request))).kind).toBe('outcome-unknown');
      expect(sandbox.nfcPayments()).toHaveLength(drop === 'after-processing' ? 1 : 0);
      const retry = client.submitNfcPayment(request);
      if (drop === 'after-request') await expect(retry).resolves.toBe('success');
      else expect((await caught(retry)).kind).toBe('rejected');
      expect(sandbox.nfcPayments()).toHaveLength(1);
    },
  );

  it('a hanging generate_nfc is outcome-unknown after the timeout, sent once', async () => {
    const { client, sandbox, clock, caught } = await startHarness({
      faults: [{ endpoint: 'generate_nfc', hang: true }],
    });
    const result = caught(
      client.submitNfcPayment({
        order_id: 'nfc-hang',
        amount: '2',
        token: sandbox.issueNfcToken(),
        serial_number: 'POS-IT-1',
      }),
    );
    await sandbox.waitForRequests('generate_nfc', 1);
    clock.advance(TIMEOUT_MS);
    expect((await result).kind).toBe('outcome-unknown');
    expect(sandbox.requests()).toHaveLength(1);
    expect(sandbox.nfcPayments()).toHaveLength(0);
  });

  it('status 500 with the service envelope is rejected, not re-sent, no order', async () => {
    const { client, sandbox, caught } = await startHarness({
      faults: [{ endpoint: 'generate_qr', status: 500, times: 1 }],
    });
    const request = qrRequest();
    const error = await caught(client.createPaymentLink(request, usdtEthereum));
    expect(error.failure).toMatchObject({
      kind: 'rejected',
      httpStatus: 500,
      serviceCode: 'SANDBOX_FAULT',
    });
    expect(sandbox.requests()).toHaveLength(1);
    expect(ordersFor(sandbox, request.order_id)).toHaveLength(0);
  });

  it.each([
    ['malformed JSON', 'malformed-json'],
    ['an HTML error page', 'html'],
    ['the wrong shape of data', 'wrong-shape'],
    ['a 2 MiB answer', 'oversize'],
  ] as const)(
    '%s is bad-response, sent once, and says the order may exist',
    async (_name, body) => {
      const { client, sandbox, caught } = await startHarness({
        faults: [{ endpoint: 'generate_qr', body, times: 1 }],
      });
      const request = qrRequest();
      const error = await caught(client.createPaymentLink(request, usdtEthereum));
      expect(error.kind).toBe('bad-response');
      expect(error.message).toMatch(/order may have been created/);
      expect(sandbox.requests()).toHaveLength(1);
      expect(ordersFor(sandbox, request.order_id).length).toBeLessThanOrEqual(1);
    },
  );

  it('an envelope error is rejected with the service msg, sent once', async () => {
    const { client, sandbox, caught } = await startHarness({
      faults: [{ endpoint: 'generate_qr', body: 'envelope-error', status: 503 }],
    });
    const request = qrRequest();
    const error = await caught(client.createPaymentLink(request, usdtEthereum));
    expect(error.failure).toMatchObject({
      kind: 'rejected',
      httpStatus: 503,
      serviceCode: 'SERVICE_UNAVAILABLE',
    });
    expect(error.failure.serviceMessage).toBe(
      'The payment service is temporarily unavailable. Try again shortly.',
    );
    expect(sandbox.requests()).toHaveLength(1);
    expect(ordersFor(sandbox, request.order_id)).toHaveLength(0);
  });

  it('a wrong token is invalid-token and creates nothing', async () => {
    const { clientWith, sandbox, caught } = await startHarness();
    const client = clientWith({ getToken: () => 'ffffffffffffffffffffffffffffffff' });
    const request = qrRequest();
    expect((await caught(client.createPaymentLink(request, usdtEthereum))).failure).toMatchObject({
      kind: 'invalid-token',
      httpStatus: 401,
    });
    expect(ordersFor(sandbox, request.order_id)).toHaveLength(0);
  });

  it('a closed port is sent again after the backoff (nothing left the till): one order once the service is up', async () => {
    const harness = await startHarness();
    const closed = await startSandbox();
    const { baseUrl } = closed;
    const port = Number(new URL(baseUrl).port);
    await closed.close();
    const client = harness.clientWith({ baseUrl });
    const request = qrRequest();
    const result = client.createPaymentLink(request, usdtEthereum);
    await untilRetry(harness, 1);
    // The service comes up on that port while the till waits to try again.
    const revived = await startSandbox({
      port,
      clock: harness.clock,
      token: harness.sandbox.token,
    });
    try {
      harness.clock.advance(BACKOFF_MS);
      const link = await result;
      expect(link.amountMatches).toBe(true);
      expect(ordersFor(revived, request.order_id)).toHaveLength(1);
      expect(revived.requests()).toHaveLength(1);
    } finally {
      await revived.close();
    }
  });

  it('a port closed on every try is no-connection after the retries, nothing sent', async () => {
    const harness = await startHarness();
    const closed = await startSandbox();
    const baseUrl = closed.baseUrl;
    await closed.close();
    const client = harness.clientWith({ baseUrl });
    const result = harness.caught(client.createPaymentLink(qrRequest(), usdtEthereum));
    for (const [index, delay] of [BACKOFF_MS, BACKOFF_MS * 2].entries()) {
      await untilRetry(harness, index + 1);
      harness.clock.advance(delay);
    }
    const error = await result;
    expect(error.kind).toBe('no-connection');
    expect(error.message).toContain('Nothing was sent');
    expect(harness.clock.pendingTimers()).toBe(0);
  });

  it.each(['wrong-order', 'wrong-chain', 'wrong-act', 'http-link', 'bad-decimal'] as const)(
    'a link with the %s fault is link-check-failed with the reason; one order',
    async (link) => {
      const { client, sandbox, caught } = await startHarness({
        faults: [{ endpoint: 'generate_qr', link }],
      });
      const request = qrRequest();
      const error = await caught(client.createPaymentLink(request, usdtEthereum));
      expect(error.kind).toBe('link-check-failed');
      expect(error.message).toMatch(/^The payment link was refused: .+\. It is not shown/);
      expect(ordersFor(sandbox, request.order_id)).toHaveLength(1);
    },
  );

  it('a link asking for another amount is shown to the cashier as a mismatch, not hidden', async () => {
    const { client, sandbox } = await startHarness({
      faults: [{ endpoint: 'generate_qr', link: 'amount-mismatch' }],
    });
    const request = qrRequest();
    const link = await client.createPaymentLink(request, usdtEthereum);
    expect(link).toMatchObject({ linkAmount: '14', requestedTotal: '13', amountMatches: false });
    expect(ordersFor(sandbox, request.order_id)).toHaveLength(1);
  });
});

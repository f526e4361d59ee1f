import { describe, expect, it, vi } from 'vitest';
import { qrRequest, startHarness, usdtEthereum, transports, useTransport } from './harness';

describe.each(transports)(
  'service client against the real sandbox: each endpoint (%s)',
  (transport) => {
    useTransport(transport);

    it('goes through the transport under test (node:http unless a fetch is injected)', async () => {
      const { client } = await startHarness();
      const spy = vi.spyOn(globalThis, 'fetch');
      try {
        await client.listChains();
        expect(spy).toHaveBeenCalledTimes(transport === 'fetch' ? 1 : 0);
      } finally {
        spy.mockRestore();
      }
    });

    it('lists chains with chain_id as a number', async () => {
      const { client } = await startHarness();
      const chains = await client.listChains();
      expect(chains.length).toBeGreaterThan(0);
      expect(chains).toContainEqual(expect.objectContaining({ name: 'ETHEREUM', chain_id: 1 }));
    });

    it('lists the assets of a chain, sending chain_id as a string in the query', async () => {
      const { client, sandbox } = await startHarness();
      const assets = await client.listAssets('56');
      expect(assets.map((asset) => asset.asset)).toContain('USDT');
      expect(assets.every((asset) => asset.chain_id === 56)).toBe(true);
      expect(assets.find((asset) => asset.asset === 'USDT')?.decimal).toBe(18);
      const request = sandbox.requests().find((record) => record.endpoint === 'asset');
      expect(request?.url).toMatch(/\/asset\?chain_id=56$/);
    });

    it('creates a checked payment link, the order recorded once by the service', async () => {
      const { client, sandbox, clock } = await startHarness();
      const request = qrRequest();
      const link = await client.createPaymentLink(request, usdtEthereum);
      expect(link.linkAmount).toBe('13');
      expect(link.requestedTotal).toBe('13');
      expect(link.amountMatches).toBe(true);
      expect(link.rateUsd).toBe(1);
      expect(link.sentAtMs).toBe(clock.now());
      expect(link.expiry).toEqual({
        kind: 'known',
        atMs: clock.now() + 900_000,
        order: 'day-first',
      });
      expect(link.qrUrl).toContain(`order_id=${request.order_id}`);
      const orders = sandbox.orders();
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({
        orderId: request.order_id,
        amount: '12.5',
        feeValue: '0.5',
        chainId: 1,
        serialNumber: 'POS-IT-1',
      });
    });

    it('submits an NFC payment', async () => {
      const { client, sandbox } = await startHarness();
      const token = sandbox.issueNfcToken();
      await expect(
        client.submitNfcPayment({
          order_id: 'nfc-it-1',
          amount: '4.2',
          token,
          serial_number: 'POS-IT-1',
        }),
      ).resolves.toBe('success');
      expect(sandbox.nfcPayments()).toEqual([
        expect.objectContaining({ orderId: 'nfc-it-1', amount: '4.2', token }),
      ]);
    });

    it('sends each body as its schema parsed it: chain_id as digits, serial trimmed, token lower-cased', async () => {
      const { client, sandbox } = await startHarness();
      const request = qrRequest({ serial_number: ' POS-IT-1  ' });
      await client.createPaymentLink({ ...request, chain_id: 1 }, usdtEthereum);
      const token = sandbox.issueNfcToken();
      await client.submitNfcPayment({
        order_id: 'nfc-it-normalised',
        amount: '4.2',
        token: `  ${token.toUpperCase()}`,
        serial_number: 'POS-IT-1 ',
      });
      const bodies = sandbox.requests().map((record) => [record.endpoint, record.body]);
      expect(bodies).toEqual([
        ['generate_qr', { ...request, chain_id: '1', serial_number: 'POS-IT-1' }],
        [
          'generate_nfc',
          { order_id: 'nfc-it-normalised', amount: '4.2', token, serial_number: 'POS-IT-1' },
        ],
      ]);
    });

    it('an NFC token is accepted once: a second use is rejected with the service msg', async () => {
      const { client, sandbox, caught } = await startHarness();
      const token = sandbox.issueNfcToken();
      await client.submitNfcPayment({
        order_id: 'nfc-it-2',
        amount: '1',
        token,
        serial_number: 'POS-IT-1',
      });
      const error = await caught(
        client.submitNfcPayment({
          order_id: 'nfc-it-3',
          amount: '1',
          token,
          serial_number: 'POS-IT-1',
        }),
      );
      expect(error.kind).toBe('rejected');
      expect(error.failure.serviceMessage).toMatch(/already used/);
      expect(sandbox.nfcPayments()).toHaveLength(1);
    });
  },
);

describe.each(transports)(
  'service client against the real sandbox: expire_at (%s)',
  (transport) => {
    useTransport(transport);

    it('reads a month-first expire_at when the day cannot be a month', async () => {
      const { client, clock } = await startHarness({ expireAtOrder: 'month-first' });
      const link = await client.createPaymentLink(qrRequest(), usdtEthereum);
      expect(link.expireAtRaw).toBe('11/22/2026 09:15:00');
      expect(link.expiry).toEqual({
        kind: 'known',
        atMs: clock.now() + 900_000,
        order: 'month-first',
      });
    });

    it('reads a month-first date whose groups are both <= 12 by plausibility (only one reading is within 24 h)', async () => {
      const { client, clock } = await startHarness({ expireAtOrder: 'month-first' });
      clock.set(Date.UTC(2027, 4, 11, 9, 0, 0)); // 11 May, written 05/11/2027: 5 November is months away
      const link = await client.createPaymentLink(qrRequest(), usdtEthereum);
      expect(link.expireAtRaw).toBe('05/11/2027 09:15:00');
      expect(link.expiry).toEqual({
        kind: 'known',
        atMs: clock.now() + 900_000,
        order: 'month-first',
      });
    });

    it.each(['America/New_York', 'Asia/Kolkata', 'Pacific/Chatham'])(
      'reads expire_at written in %s when the setting says so',
      async (timeZone) => {
        const { client, clock } = await startHarness({ timeZone }, { serviceTimeZone: timeZone });
        const link = await client.createPaymentLink(qrRequest(), usdtEthereum);
        expect(link.expiry).toEqual({
          kind: 'known',
          atMs: clock.now() + 900_000,
          order: 'day-first',
        });
      },
    );

    it('a very short expiry is still known; an expiry at the sending moment is unknown', async () => {
      const { client, clock, sandbox } = await startHarness({ expirySeconds: 2 });
      const short = await client.createPaymentLink(qrRequest(), usdtEthereum);
      expect(short.expiry).toEqual({
        kind: 'known',
        atMs: clock.now() + 2_000,
        order: 'day-first',
      });
      sandbox.configure({ expirySeconds: 0 });
      const none = await client.createPaymentLink(qrRequest(), usdtEthereum);
      expect(none.expiry.kind).toBe('unknown');
    });
  },
);

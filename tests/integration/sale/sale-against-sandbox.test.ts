import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SaleService } from '../../../electron/sale/sale-service';
import { ManualClock } from '../../support/manual-clock';
import { testTerms } from '../../support/sale-fixtures';
import { startSaleRig, type SaleRig } from '../../support/sale-sandbox-rig';
import { tapOnScreenSale } from '../../support/sale-tap';

/** The sale over real HTTP to the built-in sandbox, through the real client. */
describe('sale against the sandbox', () => {
  let clock: ManualClock;
  let rig: SaleRig;

  beforeEach(async () => {
    clock = new ManualClock(Date.now());
    rig = await startSaleRig(clock);
  });
  afterEach(() => rig.close());

  const startQr = (amount = '10.5') =>
    rig.sale.startQrSale({ amount, asset: rig.asset, chain: rig.chain });
  const qrRequests = () => rig.sandbox.requests().filter((r) => r.endpoint === 'generate_qr');

  it('QR: link shown, then confirmed by the cashier; the sandbox got exactly what the journal holds', async () => {
    const shown = await startQr();
    expect(shown).toMatchObject({
      state: 'awaiting-payment',
      showQr: true,
      amount: '10.5',
      fee: '0.25',
    });
    expect(shown.link?.linkAmount).toBe('10.75');
    expect(shown.expiry).toEqual({ kind: 'known', atMs: expect.any(Number) });
    const [order] = rig.sandbox.orders();
    expect(order).toMatchObject({
      orderId: shown.orderId,
      amount: '10.5',
      feeValue: '0.25',
      asset: 'USDT',
      chainId: 1,
      serialNumber: 'POS-0001',
    });
    // expire_at is written to the second.
    expect(shown.expiry).toEqual({
      kind: 'known',
      atMs: Math.floor((order?.expireAtMs ?? 0) / 1000) * 1000,
    });
    const stored = rig.temp.journal.get(shown.orderId);
    expect(stored).toMatchObject({
      amount: '10.5',
      fee: '0.25',
      asset: 'USDT',
      chainId: '1',
      serialNumber: 'POS-0001',
    });
    expect(stored?.link?.qrUrl).toBe(order?.qrUrl);
    expect(stored?.link?.expireAtRaw).toBe(order?.expireAt);
    expect((await rig.sale.confirmPaidByCashier()).state).toBe('paid-confirmed-by-cashier');
  });

  it('what the schemas normalise reaches the sandbox normalised: serial trimmed, chain_id as digits, token lower-cased', async () => {
    const padded = new SaleService({
      journal: rig.temp.journal,
      client: rig.client,
      clock,
      terms: () => ({ ...testTerms, serialNumber: '  POS-0001\t' }),
    });
    const shown = await padded.startQrSale({ amount: '10.50', asset: rig.asset, chain: rig.chain });
    expect(shown.state).toBe('awaiting-payment');
    const [qrBody] = qrRequests().map((r) => r.body);
    expect(qrBody).toMatchObject({
      order_id: shown.orderId,
      amount: '10.5',
      chain_id: '1',
      serial_number: 'POS-0001',
    });
    expect(rig.temp.journal.get(shown.orderId)?.serialNumber).toBe('POS-0001');
    await padded.cancel();

    const waiting = await padded.startNfcSale({ amount: '2.00' });
    const token = rig.sandbox.issueNfcToken();
    const paid = await tapOnScreenSale(padded, ` ${token.toUpperCase()} `);
    expect(paid?.state).toBe('accepted-by-service');
    const nfcBody = rig.sandbox.requests().find((r) => r.endpoint === 'generate_nfc')?.body;
    expect(nfcBody).toEqual({
      order_id: waiting.orderId,
      amount: '2',
      token,
      serial_number: 'POS-0001',
    });
  });

  it('a double press sends one generate_qr', async () => {
    const [a, b] = await Promise.all([startQr(), startQr()]);
    expect(a.orderId).toBe(b.orderId);
    expect(qrRequests()).toHaveLength(1);
    expect(rig.sandbox.orders()).toHaveLength(1);
  });

  it('the link expires by the clock at the sandbox expire_at', async () => {
    const shown = await startQr();
    const expiry = shown.expiry;
    if (expiry?.kind !== 'known') throw new Error('expected a known expiry');
    clock.set(expiry.atMs - 1);
    expect(rig.sale.current()?.state).toBe('awaiting-payment');
    clock.set(expiry.atMs);
    expect(rig.sale.current()?.state).toBe('expired');
    const next = await rig.sale.newLinkForExpired();
    expect(next).toMatchObject({ state: 'awaiting-payment', replacesOrderId: shown.orderId });
    expect(rig.sandbox.orders().map((o) => o.orderId)).toEqual([shown.orderId, next.orderId]);
  });

  it('dropped after processing: outcome unknown; the retry keeps the order_id and shows the duplicate reply as it is', async () => {
    rig.sandbox.setFaults([{ endpoint: 'generate_qr', times: 1, drop: 'after-processing' }]);
    const unknown = await startQr();
    expect(unknown).toMatchObject({
      state: 'outcome-unknown',
      lastFailure: { kind: 'outcome-unknown' },
    });
    expect(rig.sandbox.orders()).toHaveLength(1);

    const refused = await rig.sale.retrySameOrder();
    expect(refused.orderId).toBe(unknown.orderId);
    expect(refused).toMatchObject({
      state: 'retry-refused',
      attempts: 2,
      allowedActions: ['voidOrder'],
    });
    expect(refused.lastFailure?.serviceMessage).toBe(
      'This order already exists: its order_id was used before.',
    );
    expect(refused.lastFailure?.serviceCode).toBe('DUPLICATE_ORDER');
    const bodies = qrRequests().map((r) => (r.body as { order_id: string }).order_id);
    expect(bodies).toEqual([unknown.orderId, unknown.orderId]);
    expect((await rig.sale.voidOrder()).state).toBe('voided');
    expect(
      rig.temp.journal.events(unknown.orderId).map((e) => `${e.toState}/${e.reasonKind}`),
    ).toEqual([
      'requesting/cashier',
      'outcome-unknown/client',
      'requesting/cashier',
      'retry-refused/service',
      'voided/cashier',
    ]);
  });

  it('dropped before processing: the retry with the same order_id gets the link', async () => {
    rig.sandbox.setFaults([{ endpoint: 'generate_qr', times: 1, drop: 'after-request' }]);
    const unknown = await startQr();
    expect(unknown.state).toBe('outcome-unknown');
    const shown = await rig.sale.retrySameOrder();
    expect(shown).toMatchObject({ orderId: unknown.orderId, state: 'awaiting-payment' });
  });

  it('a link failing the checks is never shown', async () => {
    rig.sandbox.setFaults([{ endpoint: 'generate_qr', times: 1, link: 'wrong-order' }]);
    const failed = await startQr();
    expect(failed).toMatchObject({
      state: 'failed',
      showQr: false,
      link: null,
      lastFailure: { kind: 'link-check-failed' },
    });
  });

  it('an envelope error refuses the sale with the service msg', async () => {
    rig.sandbox.setFaults([{ endpoint: 'generate_qr', times: 1, body: 'envelope-error' }]);
    const refused = await startQr();
    expect(refused.state).toBe('refused');
    expect(refused.lastFailure?.serviceMessage).toBeTruthy();
  });

  it('a link asking another amount waits for the cashier', async () => {
    rig.sandbox.setFaults([{ endpoint: 'generate_qr', times: 1, link: 'amount-mismatch' }]);
    const differs = await startQr();
    expect(differs).toMatchObject({ state: 'amount-differs', showQr: false });
    expect(differs.link?.amountMatches).toBe(false);
  });

  it('NFC: a tap is accepted by the service; neither the NFC token nor the API token is in the journal file', async () => {
    const waiting = await rig.sale.startNfcSale({ amount: '3.5', asset: rig.asset });
    const token = rig.sandbox.issueNfcToken();
    const accepted = await tapOnScreenSale(rig.sale, token.toUpperCase());
    expect(accepted).toMatchObject({ orderId: waiting.orderId, state: 'accepted-by-service' });
    expect(rig.sandbox.nfcPayments()).toHaveLength(1);
    // The same token again, for a new sale: refused by the till, nothing sent.
    await rig.sale.startNfcSale({ amount: '1' });
    expect((await tapOnScreenSale(rig.sale, token))?.notice).toMatch(/already used/);
    expect(rig.sandbox.requests().filter((r) => r.endpoint === 'generate_nfc')).toHaveLength(1);

    for (const file of [rig.temp.path, `${rig.temp.path}-wal`]) {
      const bytes = readFileSync(file);
      expect(bytes.length).toBeGreaterThan(0);
      for (const secret of [
        token,
        token.toUpperCase(),
        token.replace(/-/g, ''),
        rig.sandbox.token,
      ]) {
        expect(bytes.includes(Buffer.from(secret)), `${secret} in ${file}`).toBe(false);
      }
    }
  });

  it('NFC dropped after processing, retried under the same order with a new tap, shows the reply as it is', async () => {
    const waiting = await rig.sale.startNfcSale({ amount: '2' });
    rig.sandbox.setFaults([{ endpoint: 'generate_nfc', times: 1, drop: 'after-processing' }]);
    expect((await tapOnScreenSale(rig.sale, rig.sandbox.issueNfcToken()))?.state).toBe(
      'outcome-unknown',
    );
    expect((await rig.sale.retrySameOrder()).state).toBe('waiting-for-tap');
    const answer = await tapOnScreenSale(rig.sale, rig.sandbox.issueNfcToken());
    expect(answer?.orderId).toBe(waiting.orderId);
    // The first tap went through, so the sandbox refuses the order_id; its words reach the cashier unchanged.
    expect(answer).toMatchObject({
      state: 'retry-refused',
      allowedActions: ['confirmPaidByCashier', 'voidOrder'],
    });
    expect(answer?.lastFailure?.serviceMessage).toBe(
      'This order already exists: its order_id was used before.',
    );
    expect(rig.sandbox.nfcPayments()).toHaveLength(1);
    expect((await rig.sale.confirmPaidByCashier()).state).toBe('paid-confirmed-by-cashier');
  });
});

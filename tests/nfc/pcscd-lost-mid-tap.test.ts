/**
 * pcscd stops or dies in the middle of a tap: the tap's answer blames the reader's service,
 * not the phone ("moved away"), the service's own status stays the news, and nothing is sent.
 * Real pcscd + vpcd, the forked reader process, the host, the real sale and sandbox. From the
 * hostile tester's probe (svc-stop).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PcscRig } from '../support/pcsc-rig';
import { VirtualWalletCard } from '../support/virtual-wallet-card';
import {
  startPaymentStack,
  startTestHost,
  waitReaderReady,
  type PaymentStack,
  type TestHost,
} from './nfc-test-kit';

describe('pcscd lost in the middle of a tap', () => {
  let rig: PcscRig | undefined;
  let stack: PaymentStack | undefined;
  let test: TestHost | undefined;
  let card: VirtualWalletCard | undefined;

  beforeAll(() => {
    PcscRig.assertInstalled();
  });

  afterEach(async () => {
    await card?.remove();
    await test?.stop();
    await stack?.close();
    await rig?.stop();
    card = undefined;
    test = undefined;
    stack = undefined;
    rig = undefined;
  });

  it.each([
    ['stopped (SIGTERM)', 'stop'],
    ['killed (SIGKILL, a stale socket left)', 'kill'],
  ] as const)("%s: answered as the reader's trouble, its status kept", async (_name, how) => {
    const pcscd = new PcscRig();
    rig = pcscd;
    await pcscd.start();
    const payments = await startPaymentStack({ acceptAnyNfcToken: true });
    stack = payments;
    const host = startTestHost({ sale: payments.sale, apduTimeoutMs: 1500, readDeadlineMs: 2000 });
    test = host;
    await waitReaderReady(host);
    await payments.sale.startNfcSale({ amount: '1.00' });
    const events = host.events.mark();
    const answers = host.outcomes.mark();
    card = await VirtualWalletCard.tap({
      app: { kind: 'aid', token: payments.sandbox.issueNfcToken() },
      fault: { kind: 'slow', delayMs: 700, on: 'select-aid' },
    });
    await host.events.waitFor((event) => event.type === 'reading', 'reading', { from: events });
    await card.waitForApdus(1);
    const statuses = host.statuses.mark();
    await (how === 'stop' ? pcscd.stop() : pcscd.kill());

    const answer = await host.outcomes.waitFor(() => true, "the tap's answer", { from: answers });
    expect(answer).toMatchObject({ kind: 'read-failed', cause: 'reader-problem' });
    // The service's failure is what the cashier reads, never the phone's.
    await host.statuses.waitFor((status) => status.state === 'pcsc-missing', 'pcscd missing', {
      from: statuses,
    });
    for (const status of host.statuses.since(statuses))
      expect(status.lastError ?? '').not.toMatch(/phone/i);
    expect(host.outcomes.since(answers)).toHaveLength(1);
    expect(payments.sandbox.requests().filter((r) => r.endpoint === 'generate_nfc')).toEqual([]);
  });
});

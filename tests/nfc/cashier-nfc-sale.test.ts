/**
 * An NFC sale from the cashier window: Debian's pcscd with the vpcd virtual reader, our
 * virtual wallet card, the reader process forked by the harness's NFC host, the real
 * services and the built pages in Debian's Chromium. Screenshots of both pages per step go
 * to test-artifacts/e2e/cashier-nfc-sale/.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forkReaderProcess } from '../support/fork-reader-channel';
import {
  byTestId,
  openTill,
  pickChainAndAsset,
  tapAmount,
  waitDisplayPhase,
  waitSaleState,
  type Till,
} from '../e2e/cashier-kit';
import { PcscRig } from '../support/pcsc-rig';
import { VirtualWalletCard } from '../support/virtual-wallet-card';

describe('cashier: NFC sale with the virtual wallet card', () => {
  let rig: PcscRig;
  let till: Till;

  beforeAll(async () => {
    PcscRig.assertInstalled();
    rig = new PcscRig();
    await rig.start();
    till = await openTill('cashier-nfc-sale', {
      spawnReader: () => forkReaderProcess({ stdio: 'ignore' }),
    });
  });

  afterAll(async () => {
    await till?.close();
    await rig?.stop();
  });

  it('shows the reader ready, prompts for the tap, words a card fault and takes the payment', async () => {
    const { cashier, display, shots, harness } = till;
    await cashier.waitForSelector(`${byTestId('nfc-status')}[data-state="ready"]`, {
      timeout: 30_000,
    });
    await expect(cashier.textContent(byTestId('nfc-status'))).resolves.toContain(
      'NFC reader ready (Virtual PCD 00 00)',
    );
    await cashier.waitForSelector(byTestId('chain-picker-option-1'));
    await tapAmount(cashier, '12.5');
    await pickChainAndAsset(cashier, '1', 'USDT');
    await shots.take('reader-ready');

    await cashier.click(byTestId('tap-to-pay'));
    await waitSaleState(cashier, 'waiting-for-tap');
    await waitDisplayPhase(display, 'tap');
    await expect(cashier.textContent(byTestId('tap-prompt'))).resolves.toContain(
      'Tap your phone on the reader',
    );
    await shots.take('tap-your-phone');

    // A phone without the wallet: the fault is shown in words, nothing is sent, the sale still waits.
    const stranger = await VirtualWalletCard.tap({ app: { kind: 'none' } });
    await cashier.waitForFunction(
      () => (document.querySelector('[data-testid="nfc-status"]')?.textContent ?? '').includes('—'),
      undefined,
      {
        timeout: 15_000,
      },
    );
    const lastError = harness.services.nfc!.reader.status().lastError;
    expect(lastError).toBeTruthy();
    await expect(cashier.textContent(byTestId('nfc-status'))).resolves.toContain(lastError!);
    await stranger.remove();
    expect(harness.services.sale.current()!.state).toBe('waiting-for-tap');
    await shots.take('card-fault');

    const token = harness.services.connection.demoSandbox()!.issueNfcToken();
    const phone = await VirtualWalletCard.tap({ app: { kind: 'ndef', record: 'uri', token } });
    await waitSaleState(cashier, 'accepted-by-service', 20_000);
    await waitDisplayPhase(display, 'paid');
    await phone.remove();
    expect(harness.services.connection.demoSandbox()!.nfcPayments()).toMatchObject([
      { amount: '12.5', token },
    ]);
    await expect(cashier.textContent(byTestId('sale-paid'))).resolves.toContain(
      'accepted by the payment service',
    );
    await shots.take('paid');
    // The paid sale leaves the screen by itself (real time here: a few seconds).
    await cashier.waitForSelector(byTestId('amount-input'), { timeout: 20_000 });
  });

  it("shows the service's refusal as it came", async () => {
    const { cashier, display, shots, harness } = till;
    harness.services.connection.demoSandbox()!.configure({ acceptAnyNfcToken: false });
    await tapAmount(cashier, '3');
    await cashier.click(byTestId('tap-to-pay'));
    await waitSaleState(cashier, 'waiting-for-tap');
    const phone = await VirtualWalletCard.tap({
      app: { kind: 'aid', token: randomUUID(), encoding: 'ascii' },
    });
    await waitSaleState(cashier, 'refused', 20_000);
    await waitDisplayPhase(display, 'declined');
    await phone.remove();
    await expect(cashier.textContent(byTestId('service-message'))).resolves.toBe(
      'The wallet payment request is not known to the service. Ask the customer to tap again.',
    );
    await shots.take('refused');
  });
});

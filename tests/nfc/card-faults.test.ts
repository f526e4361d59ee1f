/**
 * Every card fault gives the cashier a clear message and sends nothing: real pcscd + vpcd +
 * reader process, the real sale service waiting for a tap, the real sandbox behind it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PcscRig } from '../support/pcsc-rig';
import {
  VirtualWalletCard,
  ndefRecord,
  type CardApplication,
  type CardFault,
} from '../support/virtual-wallet-card';
import {
  startPaymentStack,
  startTestHost,
  waitReaderReady,
  waitForSaleState,
  type PaymentStack,
  type TestHost,
} from './nfc-test-kit';

const TOKEN = '9b2f0c1e-5d4a-4c3b-8a19-7e6d5c4b3a21';
const APDU_TIMEOUT_MS = 600;

describe('card faults at the till', () => {
  let rig: PcscRig;
  let stack: PaymentStack;
  let test: TestHost;

  beforeAll(async () => {
    PcscRig.assertInstalled();
    rig = new PcscRig();
    await rig.start();
    stack = await startPaymentStack({ acceptAnyNfcToken: true });
    test = startTestHost({ sale: stack.sale, apduTimeoutMs: APDU_TIMEOUT_MS });
    await waitReaderReady(test);
    await stack.sale.startNfcSale({ amount: '4.20' });
  });

  afterAll(async () => {
    await test?.stop();
    await stack?.close();
    await rig?.stop();
  });

  const aidCard: CardApplication = { kind: 'aid', token: TOKEN };
  const ndefCard: CardApplication = { kind: 'ndef', record: 'text', token: TOKEN };
  const helloText = ndefRecord(
    0x01,
    'T',
    Uint8Array.from([0x02, 0x65, 0x6e, ...Buffer.from('hello, no token here')]),
  );

  it.each<[string, CardApplication, CardFault | undefined, string, RegExp]>([
    [
      'wrong status word to the wallet AID',
      aidCard,
      { kind: 'status-word', sw: 0x6f00 },
      'not-a-wallet',
      /offers no payment token.*6F00/,
    ],
    [
      'wrong status word to an NDEF read',
      ndefCard,
      { kind: 'status-word', sw: 0x6a82, on: 'read-binary' },
      'garbled',
      /could not be understood.*6A82/,
    ],
    [
      'garbage answer to the wallet AID',
      aidCard,
      { kind: 'garbage' },
      'not-a-token',
      /not send a valid payment token/,
    ],
    [
      'garbage NDEF bytes',
      ndefCard,
      { kind: 'garbage', on: 'read-ndef-body' },
      'garbled',
      /could not be understood/,
    ],
    ['1-byte answer', aidCard, { kind: 'one-byte' }, 'garbled', /could not be understood.*1 byte/],
    [
      'slow answer beyond the APDU timeout',
      aidCard,
      { kind: 'slow', delayMs: APDU_TIMEOUT_MS * 4 },
      'timeout',
      /did not answer in time/,
    ],
    [
      'card removed mid-read',
      { ...ndefCard, padding: 200 },
      { kind: 'remove', on: 'read-ndef-body' },
      'transmit-failed',
      /moved away/,
    ],
    [
      'non-UUID payload by AID',
      { kind: 'aid', token: 'not-a-uuid-but-36-characters-long!!!' },
      undefined,
      'not-a-token',
      /not send a valid payment token/,
    ],
    [
      'non-UUID payload in a Text record',
      { kind: 'ndef-bytes', message: helloText },
      undefined,
      'not-a-token',
      /not send a valid payment token/,
    ],
    [
      'a card with neither application',
      { kind: 'none' },
      undefined,
      'not-a-wallet',
      /offers no payment token/,
    ],
  ])('%s: clear message, nothing sent', async (_name, app, fault, expectedFault, message) => {
    const from = test.events.mark();
    const card = await VirtualWalletCard.tap({ app, ...(fault ? { fault } : {}) });
    const result = await test.nextResult(from);
    expect(result).toMatchObject({ type: 'error', fault: expectedFault });
    expect(result.type === 'error' && result.message).toMatch(message);
    expect(test.host.reader.status().lastError).toMatch(message);
    await card.remove();
    await test.events.waitFor((event) => event.type === 'card-removed', 'card removed', { from });
    expect(test.events.since(from).some((event) => event.type === 'token-read')).toBe(false);
    expect(stack.sale.current()?.state).toBe('waiting-for-tap');
  });

  it('sent nothing to the service for any fault, and a good tap still pays', async () => {
    expect(
      stack.sandbox.requests().filter((request) => request.endpoint === 'generate_nfc'),
    ).toEqual([]);
    expect(stack.sandbox.nfcPayments()).toEqual([]);
    // The same stack does send when the tap is good: the assertion above can fail.
    const card = await VirtualWalletCard.tap({ app: aidCard });
    await waitForSaleState(stack.sale, 'accepted-by-service');
    await card.remove();
    expect(stack.sandbox.nfcPayments()).toHaveLength(1);
  });
});

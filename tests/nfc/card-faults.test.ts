/**
 * Every card fault gives the cashier a clear message, the pages an answer that says its real
 * cause, and sends nothing: real pcscd + vpcd + reader process, the real sale service waiting
 * for a tap, the real sandbox behind it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PcscRig } from '../support/pcsc-rig';
import type { TapAnswerKind, TapReadCause } from '../../shared/nfc/tap-answer';
import {
  VirtualWalletCard,
  ndefMessage,
  ndefRecord,
  textRecordMessage,
  uriRecordMessage,
  type CardApplication,
  type CardFault,
} from '../support/virtual-wallet-card';
import { performance } from 'node:perf_hooks';
import {
  VPCD_READER,
  startPaymentStack,
  startTestHost,
  waitReaderReady,
  waitForSaleState,
  type PaymentStack,
  type TestHost,
} from './nfc-test-kit';

const TOKEN = '9b2f0c1e-5d4a-4c3b-8a19-7e6d5c4b3a21';
const OTHER_TOKEN = '11111111-2222-4333-8444-555555555555';
const APDU_TIMEOUT_MS = 600;
const READ_DEADLINE_MS = 2000;

describe('card faults at the till', () => {
  let rig: PcscRig;
  let stack: PaymentStack;
  let test: TestHost;

  beforeAll(async () => {
    PcscRig.assertInstalled();
    rig = new PcscRig();
    await rig.start();
    stack = await startPaymentStack({ acceptAnyNfcToken: true });
    test = startTestHost({
      sale: stack.sale,
      apduTimeoutMs: APDU_TIMEOUT_MS,
      readDeadlineMs: READ_DEADLINE_MS,
    });
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

  /** The answer both pages get: its kind, and for a failed read its cause. */
  type Answer = `${TapAnswerKind}` | `read-failed/${TapReadCause}`;
  const slowTag: CardApplication = { ...ndefCard, padding: 400, maxRead: 15 };
  const link = (uri: string): CardApplication => ({
    kind: 'ndef',
    record: 'uri',
    token: TOKEN,
    uri,
  });

  it.each<[string, CardApplication, CardFault | undefined, string, RegExp, Answer]>([
    [
      'wrong status word to the wallet AID',
      aidCard,
      { kind: 'status-word', sw: 0x6f00 },
      'not-a-wallet',
      /offers no payment token.*6F00/,
      'not-payment-tag',
    ],
    [
      'wrong status word to an NDEF read',
      ndefCard,
      { kind: 'status-word', sw: 0x6a82, on: 'read-binary' },
      'garbled',
      /could not be understood.*6A82/,
      'read-failed/garbled',
    ],
    [
      'garbage answer to the wallet AID',
      aidCard,
      { kind: 'garbage' },
      'not-a-token',
      /not send a valid payment token/,
      'not-payment-tag',
    ],
    [
      'garbage NDEF bytes',
      ndefCard,
      { kind: 'garbage', on: 'read-ndef-body' },
      'garbled',
      /could not be understood/,
      'read-failed/garbled',
    ],
    [
      '1-byte answer',
      aidCard,
      { kind: 'one-byte' },
      'garbled',
      /could not be understood.*1 byte/,
      'read-failed/garbled',
    ],
    [
      'slow answer beyond the APDU timeout',
      aidCard,
      { kind: 'slow', delayMs: APDU_TIMEOUT_MS * 4 },
      'timeout',
      /did not answer in time/,
      'read-failed/no-answer',
    ],
    [
      'a slow tag: 15-byte reads, 150 ms each, past the read deadline',
      slowTag,
      { kind: 'slow', delayMs: 150, on: 'any' },
      'too-slow',
      /took too long.*more than 2000 ms/,
      'too-slow',
    ],
    [
      'a 10 KB answer',
      aidCard,
      { kind: 'large', bytes: 10_240 },
      'too-large',
      /far larger than a payment token.*10242 bytes/,
      'read-failed/too-large',
    ],
    [
      'card removed mid-read',
      { ...ndefCard, padding: 200 },
      { kind: 'remove', on: 'read-ndef-body' },
      'transmit-failed',
      /moved away/,
      'read-failed/moved-away',
    ],
    [
      'non-UUID payload by AID',
      { kind: 'aid', token: 'not-a-uuid-but-36-characters-long!!!' },
      undefined,
      'not-a-token',
      /not send a valid payment token/,
      'not-payment-tag',
    ],
    [
      'non-UUID payload in a Text record',
      { kind: 'ndef-bytes', message: helloText },
      undefined,
      'not-a-token',
      /not send a valid payment token/,
      'not-payment-tag',
    ],
    [
      'a product link with a UUID in its ?ref= parameter',
      link('https://shop.example/item?ref={token}'),
      undefined,
      'not-a-token',
      /link without a payment token/,
      'not-payment-tag',
    ],
    [
      'a link with a UUID in another parameter and a token parameter that is none',
      link('https://shop.example/pay?session={token}&token=later'),
      undefined,
      'not-a-token',
      /token parameter is not in the wallet's form/,
      'not-payment-tag',
    ],
    [
      'a product link, and the same UUID in a Text record beside it',
      {
        kind: 'ndef-bytes',
        message: ndefMessage(
          uriRecordMessage(`https://shop.example/item?ref=${TOKEN}`),
          textRecordMessage(TOKEN),
        ),
      },
      undefined,
      'not-a-token',
      /link without a payment token/,
      'not-payment-tag',
    ],
    [
      'two wallet links with two different tokens',
      {
        kind: 'ndef-bytes',
        message: ndefMessage(
          uriRecordMessage(`https://wallet.example/pay/${TOKEN}`),
          uriRecordMessage(`https://wallet.example/pay/${OTHER_TOKEN}`),
        ),
      },
      undefined,
      'not-a-token',
      /more than one possible token/,
      'not-payment-tag',
    ],
    [
      'a web link with a UUID in its path',
      link('https://shop.example/products/{token}'),
      undefined,
      'not-a-token',
      /link without a payment token/,
      'not-payment-tag',
    ],
    [
      'a card with neither application',
      { kind: 'none' },
      undefined,
      'not-a-wallet',
      /offers no payment token/,
      'not-payment-tag',
    ],
  ])(
    '%s: clear message, its answer, nothing sent',
    async (_name, app, fault, expectedFault, message, answer) => {
      const from = test.events.mark();
      const answers = test.outcomes.mark();
      const card = await VirtualWalletCard.tap({ app, ...(fault ? { fault } : {}) });
      const reading = await test.events.waitFor((event) => event.type === 'reading', 'reading', {
        from,
      });
      const readingAtMs = performance.now();
      const result = await test.nextResult(from);
      const tookMs = performance.now() - readingAtMs;
      expect(result).toMatchObject({ type: 'error', fault: expectedFault });
      expect(result.type === 'error' && result.message).toMatch(message);
      expect(test.host.reader.status().lastError).toMatch(message);
      const outcome = await test.outcomes.waitFor(() => true, 'the tap answer', { from: answers });
      expect(outcome.cause ? `${outcome.kind}/${outcome.cause}` : outcome.kind).toBe(answer);
      // The answer is this presence's: the process, the reader and the tap the read was for.
      const tap = reading.type === 'reading' ? reading.tap : -1;
      expect(outcome.tap).toBe(`${reading.generation}:${VPCD_READER}:${tap}`);
      if (expectedFault === 'too-slow') {
        // Stopped at the deadline (counted from the card's arrival, just before 'reading'),
        // long before the tag's 30-odd reads would have ended.
        expect(tookMs).toBeLessThan(READ_DEADLINE_MS + 600);
        expect(card.apdus().length).toBeLessThan(25);
      }
      await card.remove();
      await test.events.waitFor((event) => event.type === 'card-removed', 'card removed', {
        from,
      });
      expect(test.events.since(from).some((event) => event.type === 'token-read')).toBe(false);
      expect(test.outcomes.since(answers)).toHaveLength(1);
      expect(stack.sale.current()?.state).toBe('waiting-for-tap');
    },
  );

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

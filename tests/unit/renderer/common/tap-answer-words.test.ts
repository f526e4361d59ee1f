import { describe, expect, it } from 'vitest';
import {
  tapAnswerKinds,
  type TapAnswer,
  type TapAnswerKind,
  type TapReadCause,
} from '../../../../shared/nfc/tap-answer';
import { tapAnswerWords } from '../../../../renderer/cashier/nfc/tap-answer-words';
import { customerTapWords } from '../../../../renderer/display/tap-answer-words';

// The words each screen gives a tap's answer: the cashier's say what happened and what to do
// at the till, the customer's what to do with the phone. One table per page (the translation
// layer comes later), checked here against every kind and cause main can send.
const causes: readonly (TapReadCause | undefined)[] = [
  'moved-away',
  'garbled',
  'too-large',
  'no-answer',
  'present-at-start',
  'reader-restarted',
  'reader-problem',
  undefined,
];
const answer = (kind: TapAnswerKind, cause?: TapReadCause): TapAnswer => ({
  seq: 1,
  kind,
  atMs: 0,
  ...(cause ? { cause } : {}),
});
const every: TapAnswer[] = tapAnswerKinds.flatMap((kind) =>
  kind === 'read-failed' ? causes.map((cause) => answer(kind, cause)) : [answer(kind)],
);
const name = (tap: TapAnswer) => `${tap.kind}${tap.cause ? ` (${tap.cause})` : ''}`;

/**
 * Internal names a person must never read: the kinds and causes that are no English word
 * ("sent" and "garbled" are), and the wire's own words.
 */
const internal = [
  ...[...tapAnswerKinds, ...causes].filter((word) => word?.includes('-')),
  'token',
  'seq',
  'APDU',
  'PC/SC',
];
const allWords = (words: object) =>
  Object.values(words)
    .filter((value): value is string => typeof value === 'string')
    .join(' ');

describe("the words of a tap's answer", () => {
  it.each(every.map((tap) => [name(tap), tap] as const))(
    '%s: a line and an action for the cashier, a title and what to do for the customer',
    (_name, tap) => {
      const cashier = tapAnswerWords(tap);
      const customer = customerTapWords(tap);
      expect(cashier.text.length).toBeGreaterThan(8);
      expect(customer.title.length).toBeGreaterThan(8);
      expect(customer.detail.length).toBeGreaterThan(8);
      // Only a tap that went through needs nothing from the cashier.
      if (tap.kind === 'sent') expect(cashier.action).toBeNull();
      else expect(cashier.action?.length).toBeGreaterThan(8);
      for (const words of [allWords(cashier), allWords(customer)])
        for (const word of internal) expect(words).not.toContain(word);
    },
  );

  it('tells the customer what to do in the words the shop asked for', () => {
    const title = (kind: TapAnswerKind, cause?: TapReadCause) =>
      customerTapWords(answer(kind, cause)).title;
    expect(title('already-used')).toBe('This payment was already made');
    expect(title('still-sending')).toBe('Wait: the payment is being sent');
    expect(title('sale-changed')).toBe('The sale changed: tap again');
    expect(title('not-payment-tag')).toBe('This is not a payment card or tag');
    expect(title('too-slow')).toBe('Hold your phone still and tap again');
    expect(title('read-failed', 'moved-away')).toBe('Hold your phone still and tap again');
    // A phone found on the reader at its (re)start, or under a reader that restarted: lift it.
    expect(title('read-failed', 'present-at-start')).toBe('Lift your phone and tap again');
    expect(title('read-failed', 'reader-restarted')).toBe('Lift your phone and tap again');
    // The reader's trouble, not the phone's: wait for the cashier, calm.
    expect(title('read-failed', 'reader-problem')).toBe('Please wait');
    // The till's own trouble: calm, nothing paid, tap again.
    expect(customerTapWords(answer('not-sent')).detail).toMatch(/nothing was paid/i);
  });

  it("blames the reader, not the phone, on the cashier's screen when the reader failed", () => {
    const problem = tapAnswerWords(answer('read-failed', 'reader-problem'));
    expect(problem.text).toMatch(/card reader/i);
    expect(problem.text).toMatch(/nothing was sent/i);
    expect(problem.text).not.toMatch(/phone/i);
    expect(problem.action).toMatch(/NFC status/);
    for (const cause of ['present-at-start', 'reader-restarted'] as const)
      expect(tapAnswerWords(answer('read-failed', cause)).action).toMatch(/lift the phone/i);
  });

  it("says on the cashier's screen that nothing was sent when the sale changed", () => {
    const words = tapAnswerWords(answer('sale-changed'));
    expect(words.text).toMatch(/sale changed/i);
    expect(words.text).toMatch(/nothing was sent/i);
    expect(words.action).toMatch(/tap again/i);
  });

  it("gives the customer other words than the cashier's: what to do with the phone, not the till's business", () => {
    for (const tap of every) {
      const cashier = tapAnswerWords(tap);
      const customer = customerTapWords(tap);
      expect(customer.title).not.toBe(cashier.text);
      expect(customer.detail).not.toBe(cashier.action);
      // Calm for the customer: never an error, a failure or a refusal.
      expect(allWords(customer)).not.toMatch(/error|fail|refused|invalid|problem/i);
    }
  });

  it('tells each failed read apart for the cashier', () => {
    const lines = causes.map((cause) => tapAnswerWords(answer('read-failed', cause)).text);
    expect(new Set(lines).size).toBe(lines.length);
  });

  it('speaks up (assertive) only when the customer has to tap again', () => {
    const urgent = every.filter((tap) => tapAnswerWords(tap).urgent).map(name);
    expect(urgent).toEqual([
      'already-used',
      'sale-changed',
      'not-payment-tag',
      'too-slow',
      'read-failed (moved-away)',
      'read-failed (garbled)',
      'read-failed (too-large)',
      'read-failed (no-answer)',
      'read-failed (present-at-start)',
      'read-failed (reader-restarted)',
      'read-failed (reader-problem)',
      'read-failed',
      'not-sent',
    ]);
  });
});

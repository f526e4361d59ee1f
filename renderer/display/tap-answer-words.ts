import type { TapAnswer, TapAnswerKind, TapReadCause } from '../../shared/nfc/tap-answer';

/** A tap's answer for the customer: what to do, large, and one calm line more. */
export interface CustomerTapWords {
  title: string;
  detail: string;
}

const HOLD_STILL = 'Hold your phone still and tap again';
const KEEP_IT_THERE = 'Keep it on the reader until it confirms.';
const TAP_AGAIN = 'Please tap again';
const OPEN_WALLET = 'Open the payment in your wallet, then tap your phone.';
const LIFT_AND_TAP = 'Lift your phone and tap again';
const LIFT_DETAIL = 'Nothing was paid. Take your phone off the reader, then tap it again.';

/** By kind, and by cause for a failed read ('unread': a failed read with no cause given). */
const words: Record<
  Exclude<TapAnswerKind, 'read-failed'> | TapReadCause | 'unread',
  [title: string, detail: string]
> = {
  sent: ['Phone read', 'You can take your phone away. Please wait.'],
  'already-used': [
    'This payment was already made',
    'Please do not pay again. The cashier will tell you what to do.',
  ],
  'no-sale': ['Not ready for a tap', 'Please ask the cashier before you tap your phone.'],
  'still-sending': ['Wait: the payment is being sent', 'No need to tap again.'],
  'sale-changed': [
    'The sale changed: tap again',
    'Nothing was paid. Check the amount, then tap your phone.',
  ],
  'not-payment-tag': ['This is not a payment card or tag', OPEN_WALLET],
  'too-slow': [HOLD_STILL, KEEP_IT_THERE],
  'moved-away': [HOLD_STILL, KEEP_IT_THERE],
  garbled: [TAP_AGAIN, 'Hold your phone still on the reader.'],
  'too-large': [TAP_AGAIN, OPEN_WALLET],
  'no-answer': [TAP_AGAIN, 'Unlock your phone and open your wallet, then tap.'],
  'present-at-start': [LIFT_AND_TAP, LIFT_DETAIL],
  'reader-restarted': [LIFT_AND_TAP, LIFT_DETAIL],
  // The reader's own trouble: nothing to do with the phone yet, and nothing alarming.
  'reader-problem': [
    'Please wait',
    'Nothing was paid. The cashier will tell you when to tap again.',
  ],
  unread: [TAP_AGAIN, 'Hold your phone still on the reader.'],
  // The till's own trouble: the customer is only asked to tap again, never alarmed.
  'not-sent': [TAP_AGAIN, 'Nothing was paid. Hold your phone on the reader again.'],
};

/**
 * A tap's answer in the customer's words: what to do with the phone, never the till's own
 * business (the cashier's words are in cashier/nfc/tap-answer-words.ts).
 */
export function customerTapWords(answer: TapAnswer): CustomerTapWords {
  const { kind } = answer;
  const [title, detail] = words[kind === 'read-failed' ? (answer.cause ?? 'unread') : kind];
  return { title, detail };
}

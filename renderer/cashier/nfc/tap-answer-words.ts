import type { TapAnswer, TapAnswerKind, TapReadCause } from '../../../shared/nfc/tap-answer';

export interface TapAnswerWords {
  /** What became of the tap, in one line. */
  text: string;
  /** What the cashier does next; null when nothing. */
  action: string | null;
  /** The customer has to tap again: read out at once (aria-live assertive), not politely. */
  urgent: boolean;
}

const TAP_AGAIN = 'Ask the customer to tap again.';
const HOLD_STILL = 'Ask the customer to hold the phone still on the reader and tap again.';
const OPEN_WALLET = 'Ask the customer to open the payment in their wallet and tap again.';
const LIFT_AND_TAP = 'Ask the customer to lift the phone off the reader and tap again.';

/** By kind, and by cause for a failed read ('unread': a failed read with no cause given). */
const words: Record<
  Exclude<TapAnswerKind, 'read-failed'> | TapReadCause | 'unread',
  [text: string, action: string | null]
> = {
  sent: ['Phone read: sending the payment.', null],
  'already-used': [
    'Tap refused: this payment was already used.',
    'Check the sale: if it is not paid, ask the customer for a new payment in their wallet.',
  ],
  'no-sale': [
    'Tap ignored: no sale is waiting for a tap.',
    'Start a Tap to pay sale first, then ask the customer to tap.',
  ],
  'still-sending': [
    'Tap ignored: the last tap is still being sent.',
    'Wait for its answer on the sale screen.',
  ],
  'sale-changed': ['The sale changed during the tap: nothing was sent.', TAP_AGAIN],
  'not-payment-tag': ['That was not a payment card or phone wallet.', OPEN_WALLET],
  'too-slow': ['The phone took too long to answer.', HOLD_STILL],
  'moved-away': ['The phone moved away before the read finished.', HOLD_STILL],
  garbled: ["The phone's answer could not be understood.", TAP_AGAIN],
  'too-large': ["The phone's answer was too long for a payment.", OPEN_WALLET],
  'no-answer': [
    'The phone did not answer the reader.',
    'Ask the customer to unlock the phone, open the wallet and tap again.',
  ],
  'present-at-start': [
    'The phone was already on the reader when it started: it was not read.',
    LIFT_AND_TAP,
  ],
  'reader-restarted': ['The card reader restarted during the tap: nothing was sent.', LIFT_AND_TAP],
  'reader-problem': [
    'The card reader stopped working during the tap: nothing was sent.',
    'Check the NFC status below; ask the customer to tap again once the reader is ready.',
  ],
  unread: ['The phone could not be read.', TAP_AGAIN],
  'not-sent': [
    'Phone read, but the till could not record the sale: nothing was sent.',
    'Ask the customer to tap again; call IT if it keeps happening.',
  ],
};

/**
 * A tap's answer in the cashier's words: what happened and the one thing to do. The words of
 * the customer display are its own (display/tap-answer-words.ts).
 */
export function tapAnswerWords(answer: TapAnswer): TapAnswerWords {
  const { kind } = answer;
  const [text, action] = words[kind === 'read-failed' ? (answer.cause ?? 'unread') : kind];
  return {
    text,
    action,
    urgent: kind !== 'sent' && kind !== 'no-sale' && kind !== 'still-sending',
  };
}

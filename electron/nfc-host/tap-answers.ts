/**
 * The answer both pages get for a tap (shared/nfc/tap-answer.ts): a failed read's fault named
 * as the pages name it, and each answer stamped with its number and time. The pages choose
 * the words and the sound; nothing here carries a token or the reader's technical detail.
 */
import type { Clock } from '../../shared/clock';
import type { TapAnswer, TapAnswerKind, TapReadCause } from '../../shared/nfc/tap-answer';
import type { ReadFault } from '../nfc/read-faults';

export interface TapAnswerParts {
  kind: TapAnswerKind;
  cause?: TapReadCause;
}

const answerOfFault: Record<ReadFault, TapAnswerParts> = {
  timeout: { kind: 'read-failed', cause: 'no-answer' },
  'too-slow': { kind: 'too-slow' },
  'transmit-failed': { kind: 'read-failed', cause: 'moved-away' },
  garbled: { kind: 'read-failed', cause: 'garbled' },
  'too-large': { kind: 'read-failed', cause: 'too-large' },
  // The card or tag answered, and what it holds is no payment token: another card, a
  // product's link, a locked tag. Tapping it again changes nothing.
  'not-a-wallet': { kind: 'not-payment-tag' },
  'not-a-token': { kind: 'not-payment-tag' },
  'unsupported-tag': { kind: 'not-payment-tag' },
};

/** The answer for a read that failed with `fault` (the reader process's ReadFault, as text). */
export function answerForReadFault(fault: string | undefined): TapAnswerParts {
  return Object.hasOwn(answerOfFault, fault ?? '')
    ? answerOfFault[fault as ReadFault]
    : { kind: 'read-failed' };
}

/** Numbers the answers of this run, so the same kind twice is two answers (two sounds). */
export class TapAnswerStamps {
  private seq = 0;

  constructor(private readonly clock: Clock) {}

  stamp(parts: TapAnswerParts): TapAnswer {
    return {
      seq: ++this.seq,
      kind: parts.kind,
      ...(parts.cause ? { cause: parts.cause } : {}),
      atMs: this.clock.now(),
    };
  }
}

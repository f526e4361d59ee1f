import type { TapAnswer } from '../../../shared/nfc/tap-answer';
import type { SoundName } from './sound-port';

/**
 * The sound of a tap's answer, once per answer (a new `seq`): the card-read blip when the
 * phone was read and its payment sent, the soft "tap again" for every other answer. A tap
 * makes only this sound: the sale's and the view's changes leave taps to it.
 */
export function soundForTap(previous: TapAnswer | null, next: TapAnswer | null): SoundName | null {
  if (next === null || next.seq === previous?.seq) return null;
  return next.kind === 'sent' ? 'card-read' : 'tap-again';
}

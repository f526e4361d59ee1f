import { useEffect, useState } from 'react';
import type { TapAnswer } from '../../shared/nfc/tap-answer';
import { soundForTap } from './sound/tap-sounds';
import { useSoundCues, type SoundCues } from './sound/use-sound-cues';

/**
 * The answer to the latest tap ('nfc-tap') while it is news, for both pages: shown from its
 * arrival until `showMs` have passed on the page's timer, or on main's clock (`nowMs`, the
 * latest 'clock-tick', which runs only while a sale counts down), whichever comes first. An
 * answer main's clock already puts that far back (heard again on subscribing) is not shown.
 * Its sound is played once per answer at `volume` (0 plays nothing).
 */
export function useTapAnswer(
  answer: TapAnswer | null | undefined,
  nowMs: number | null | undefined,
  showMs: number,
  volume: number,
): { shown: TapAnswer | null; cues: SoundCues } {
  // The seq of the answer whose time on screen is over.
  const [over, setOver] = useState<number>();
  const seq = answer?.seq;
  useEffect(() => {
    if (seq === undefined) return;
    const timer = setTimeout(() => setOver(seq), showMs);
    return () => clearTimeout(timer);
  }, [seq, showMs]);
  const shown =
    answer && seq !== over && !(nowMs != null && nowMs >= answer.atMs + showMs) ? answer : null;
  return { shown, cues: useSoundCues(shown, soundForTap, volume) };
}

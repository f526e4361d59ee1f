import type { TapAnswer } from '../../shared/nfc/tap-answer';
import { StatusIcon } from '../common/status-icon';
import { statusColorVar } from '../common/theme';
import { useTapAnswer } from '../common/use-tap-answer';
import { customerTapWords } from './tap-answer-words';

/** How long the customer sees a tap's answer over the top of the screen (the QR's too). */
export const DISPLAY_TAP_ANSWER_MS = 4_000;

/**
 * Every tap's answer for the customer: what to do, large, white on a calm colour (green read,
 * blue tap again: never the red of a declined payment), in a band across the top of whatever
 * screen is up (the amount stays in view), gone after a few seconds. Not a heading: the screen's title stays the page's
 * one. Its sound plays once, at the view's volume (0 unless the display may play sounds). The
 * root stays, with what was played (data-last-sound, data-sound-count) for tests.
 */
export function TapAnswerBanner({
  answer,
  nowMs,
  volume,
}: {
  answer: TapAnswer | null;
  nowMs: number | undefined;
  volume: number;
}) {
  const { shown, cues } = useTapAnswer(answer, nowMs, DISPLAY_TAP_ANSWER_MS, volume);
  const words = shown && customerTapWords(shown);
  const sent = shown?.kind === 'sent';
  return (
    <div
      className="cd-tap"
      data-testid="tap-answer"
      role={words ? 'status' : undefined}
      data-kind={shown?.kind}
      data-last-sound={cues.plays.last ?? undefined}
      data-sound-count={cues.plays.count}
      style={words ? { background: statusColorVar(sent ? 'success' : 'info') } : undefined}
    >
      {words ? (
        <>
          <StatusIcon kind={sent ? 'check' : 'tap'} size="11vh" />
          <p>
            <b data-testid="tap-answer-title">{words.title}</b>
            <span data-testid="tap-answer-detail">{words.detail}</span>
          </p>
        </>
      ) : null}
    </div>
  );
}

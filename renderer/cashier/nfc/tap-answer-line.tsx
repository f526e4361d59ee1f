import { Box, Group } from '@mantine/core';
import { StatusIcon } from '../../common/status-icon';
import { useTapAnswer } from '../../common/use-tap-answer';
import { usePosEvent } from '../shell/use-pos';
import { tapAnswerWords } from './tap-answer-words';
import '../feedback/feedback-flash.css';

/** How long the cashier sees a tap's answer: long enough to read a line and its action. */
export const CASHIER_TAP_ANSWER_MS = 6_000;

/**
 * Every tap's answer, above the NFC status on every screen: what happened and what to do, in
 * the tap's colour (green read, amber tap again), replaced by the next answer and gone after
 * a few seconds. Its sound plays once at the till's volume, with the window's short flash (as
 * the sale's feedback does). The live region is always there, so a screen reader hears each
 * new answer: at once when the customer must tap again, politely otherwise. The root keeps
 * what was played (data-last-sound, data-sound-count) for end-to-end tests.
 */
export function TapAnswerLine({ volume }: { volume: number }) {
  const { shown, cues } = useTapAnswer(
    usePosEvent('nfc-tap'),
    usePosEvent('clock-tick')?.nowMs,
    CASHIER_TAP_ANSWER_MS,
    volume,
  );
  const { cue, plays } = cues;
  const words = shown && tapAnswerWords(shown);
  const colour = shown?.kind === 'sent' ? 'green' : 'amber';
  return (
    <Box
      role="status"
      aria-live={words?.urgent ? 'assertive' : 'polite'}
      data-testid="tap-answer"
      data-kind={shown?.kind}
      data-last-sound={plays.last ?? undefined}
      data-sound-count={plays.count}
    >
      {words ? (
        <Group
          gap="sm"
          wrap="nowrap"
          px="sm"
          py={6}
          mb={6}
          style={{
            borderRadius: 8,
            background: `var(--mantine-color-${colour}-light)`,
            color: `var(--mantine-color-${colour}-light-color)`,
          }}
        >
          <StatusIcon kind={shown.kind === 'sent' ? 'check' : 'tap'} size={32} />
          <div>
            <b data-testid="tap-answer-text">{words.text}</b>
            {words.action ? (
              <>
                {' '}
                <span data-testid="tap-answer-action">{words.action}</span>
              </>
            ) : null}
          </div>
        </Group>
      ) : null}
      {cue ? (
        <div
          key={cue.serial}
          className="counter-feedback-flash"
          data-testid="tap-flash"
          data-sound={cue.sound}
          aria-hidden
          onAnimationEnd={() => cues.dismiss(cue.serial)}
        />
      ) : null}
    </Box>
  );
}

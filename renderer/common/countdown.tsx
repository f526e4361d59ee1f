import { Text, type TextProps } from '@mantine/core';
import { countdownText, secondsLeft, URGENT_SECONDS } from './countdown-format';

export interface CountdownProps extends Omit<TextProps, 'children'> {
  /** When the link expires (CustomerView.expiresAtMs / the sale's expiry). */
  expiresAtMs: number;
  /** Main's latest 'clock-tick' nowMs; null before the first tick. */
  nowMs: number | null;
  /** Words before the time, e.g. "Time left". */
  label?: string;
  /** Words added in the last minute, e.g. "almost up" (the time itself already says it; none by default). */
  urgentNote?: string;
}

/**
 * Time left on a payment link, "mm:ss", driven by main's clock ticks so the cashier and the
 * customer see the same number. Under a minute it turns dark red (data-urgent), with
 * `urgentNote` after the time if given: the number itself is the words, the colour only stresses it.
 * Carries data-testid="countdown" and data-seconds for tests.
 */
export function Countdown({
  expiresAtMs,
  nowMs,
  label = 'Time left',
  urgentNote,
  ...textProps
}: CountdownProps) {
  const text = countdownText(expiresAtMs, nowMs) ?? '--:--';
  const seconds = nowMs === null ? null : secondsLeft(expiresAtMs, nowMs);
  const urgent = seconds !== null && seconds <= URGENT_SECONDS;
  return (
    <Text
      data-testid="countdown"
      data-seconds={seconds ?? undefined}
      data-urgent={urgent || undefined}
      role="timer"
      aria-live="off"
      fw={700}
      c={urgent ? 'red' : undefined}
      {...textProps}
    >
      {label}: <span style={{ fontVariantNumeric: 'tabular-nums' }}>{text}</span>
      {urgent && urgentNote && seconds > 0 ? ` ${urgentNote}` : ''}
    </Text>
  );
}

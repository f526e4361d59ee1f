import { Alert, Text } from '@mantine/core';
import type { CallFailure } from '../../../shared/ipc/contract-kit';
import { FailureAlert } from '../errors/failure-alert';
import { lockedText } from './staff-words';

interface PinProblemProps {
  failure: CallFailure | null;
  /** The person's lock, when main locked them; shown while `secondsLeft` is above 0. */
  lockedUntilMs: number | null;
  secondsLeft: number;
}

/** Why the last PIN did not work: wrong, or locked until a time (counting down), or other. */
export function PinProblem({ failure, lockedUntilMs, secondsLeft }: PinProblemProps) {
  if (lockedUntilMs !== null && secondsLeft > 0) {
    return (
      <Alert
        color="red"
        variant="light"
        title="Locked: too many wrong PINs"
        data-testid="pin-problem"
        data-kind="locked"
      >
        <Text size="md" data-testid="lock-countdown">
          {lockedText(lockedUntilMs, secondsLeft)}
        </Text>
      </Alert>
    );
  }
  if (failure === null) return null;
  // The lock is over: the pad works again and nothing needs saying.
  if (failure.kind === 'locked' && lockedUntilMs !== null) return null;
  if (failure.kind === 'wrong-pin' || failure.kind === 'locked') {
    return (
      <Alert
        color="red"
        variant="light"
        title={failure.kind === 'wrong-pin' ? 'Wrong PIN' : 'Locked: too many wrong PINs'}
        data-testid="pin-problem"
        data-kind={failure.kind}
      >
        <Text size="md">{failure.message}</Text>
      </Alert>
    );
  }
  return <FailureAlert failure={failure} />;
}

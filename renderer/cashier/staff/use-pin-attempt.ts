import type { CallResult } from '../../../shared/ipc/contract-kit';
import { useTillAction } from '../shell/use-pos';
import { useLockouts } from './use-lockouts';

/**
 * One PIN check at a time (sign-in or a manager's approval): the last refusal is kept to show,
 * and a 'locked' refusal locks that person's pad until main's time.
 */
export function usePinAttempt() {
  const lockouts = useLockouts();
  const action = useTillAction();

  const attempt = async <T>(
    staffId: string,
    call: () => Promise<CallResult<T>>,
  ): Promise<CallResult<T> | null> => {
    const result = await action.run('pin', call);
    if (result && !result.ok && result.error.kind === 'locked') {
      const until = result.error.detail?.lockedUntilMs;
      if (typeof until === 'number') lockouts.lock(staffId, until);
    }
    return result;
  };

  return {
    attempt,
    checking: action.pending !== null,
    failure: action.failure,
    forgetFailure: () => action.setFailure(null),
    secondsLeftFor: lockouts.secondsLeftFor,
    lockedUntil: lockouts.lockedUntil,
  };
}

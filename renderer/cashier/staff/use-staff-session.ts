import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallFailure } from '../../../shared/ipc/contract-kit';
import type { StaffSession } from '../../../shared/staff';
import { firstAnswer, takeFirstCall, type FirstCall } from '../shell/first-calls';
import { callPos } from '../shell/pos';
import { usePosListener } from '../shell/use-pos';

/** How long after a failed ask (not main still starting) the session is asked for again. */
export const STAFF_SESSION_RETRY_MS = 3_000;

/**
 * Who is signed in and who may sign in: asked once on mount, then every 'staff-session'
 * event. undefined until the first answer; null when the till answers that it offers no staff
 * sessions (it then runs as one cashier, as with PINs off). A failed ask never widens what the
 * page shows: the session stays unknown (undefined), `failure` says why, and it is asked again
 * (`retry` asks at once). `setSession` takes the session a staff call answered with.
 */
export function useStaffSession() {
  // Known at once when cashier-page.tsx's first staffSession call is already answered.
  const [session, setSession] = useState<StaffSession | null | undefined>(() => {
    const answer = firstAnswer('staffSession');
    return answer?.ok ? (answer.value ?? null) : undefined;
  });
  const [failure, setFailure] = useState<CallFailure | null>(null);
  // Each retry asked for by hand starts the asking again.
  const [round, setRound] = useState(0);
  // An event is newer than the first call's answer: that answer is then dropped.
  const heardEvent = useRef(false);

  usePosListener('staff-session', (next) => {
    heardEvent.current = true;
    setFailure(null);
    setSession(next);
  });

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The first ask takes the call cashier-page.tsx started at load (first-calls.ts), if any.
    const ask = async (asked: FirstCall<'staffSession'> | null = null) => {
      const result = await (asked ?? callPos('staffSession', {}));
      if (!live || heardEvent.current) return;
      if (result.ok) {
        setFailure(null);
        setSession(result.value ?? null);
      } else if (result.error.kind === 'starting') {
        // Main answers 'starting' until its services are up: ask again shortly.
        timer = setTimeout(() => void ask(), 500);
      } else {
        setFailure(result.error);
        timer = setTimeout(() => void ask(), STAFF_SESSION_RETRY_MS);
      }
    };
    void ask(round === 0 ? takeFirstCall('staffSession') : null);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [round]);

  const retry = useCallback(() => setRound((count) => count + 1), []);
  return { session, setSession, failure, retry };
}

import { useEffect, useRef, useState } from 'react';
import type { StaffSession } from '../../../shared/staff';
import { firstAnswer, takeFirstCall, type FirstCall } from '../shell/first-calls';
import { callPos } from '../shell/pos';
import { usePosListener } from '../shell/use-pos';

/**
 * Who is signed in and who may sign in: asked once on mount, then every 'staff-session'
 * event. undefined until the first answer; null when the till offers no staff sessions (it
 * then runs as one cashier, as with PINs off). `setSession` takes the session a staff call
 * answered with.
 */
export function useStaffSession() {
  // Known at once when cashier-page.tsx's first staffSession call is already answered.
  const [session, setSession] = useState<StaffSession | null | undefined>(() => {
    const answer = firstAnswer('staffSession');
    return answer?.ok ? (answer.value ?? null) : undefined;
  });
  // An event is newer than the first call's answer: that answer is then dropped.
  const heardEvent = useRef(false);

  usePosListener('staff-session', (next) => {
    heardEvent.current = true;
    setSession(next);
  });

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The first ask takes the call cashier-page.tsx started at load (first-calls.ts), if any.
    const ask = async (asked: FirstCall<'staffSession'> | null = null) => {
      const result = await (asked ?? callPos('staffSession', {}));
      if (!live || heardEvent.current) return;
      if (result.ok) setSession(result.value ?? null);
      // Main answers 'starting' until its services are up: ask again shortly.
      else if (result.error.kind === 'starting') timer = setTimeout(() => void ask(), 500);
      else setSession((current) => current ?? null);
    };
    void ask(takeFirstCall('staffSession'));
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);

  return { session, setSession };
}

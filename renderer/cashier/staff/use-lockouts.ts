import { useCallback, useEffect, useState } from 'react';
import { secondsLeft } from '../../common/countdown-format';

/**
 * Who is locked out after too many wrong PINs, and for how many more seconds. Main refuses
 * their PIN until then anyway; this only counts down on screen and keeps the pad disabled.
 * The page's own clock is unavoidable here: main sends no clock ticks while nobody sells, and
 * both read the same computer's clock. The timer runs only while someone is locked.
 */
export function useLockouts() {
  const [locks, setLocks] = useState<Record<string, number>>({});
  const [nowMs, setNowMs] = useState(0);
  const lastLockEndsMs = Math.max(0, ...Object.values(locks));

  useEffect(() => {
    if (lastLockEndsMs === 0) return;
    const timer = setInterval(() => {
      const now = Date.now();
      setNowMs(now);
      if (now >= lastLockEndsMs) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [lastLockEndsMs]);

  const lock = useCallback((staffId: string, lockedUntilMs: number) => {
    setNowMs(Date.now());
    setLocks((current) => ({ ...current, [staffId]: lockedUntilMs }));
  }, []);

  /** Seconds until this person may try again; 0 when they may now. */
  const secondsLeftFor = (staffId: string | null): number => {
    const until = staffId === null ? undefined : locks[staffId];
    return until === undefined ? 0 : secondsLeft(until, nowMs);
  };
  const lockedUntil = (staffId: string | null): number | null =>
    staffId === null ? null : (locks[staffId] ?? null);

  return { lock, secondsLeftFor, lockedUntil };
}

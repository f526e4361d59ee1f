import { useEffect, useState } from 'react';
import type { ShiftView } from '../../../shared/shifts/shift-views';
import { callPos } from '../shell/pos';
import { usePosEvent } from '../shell/use-pos';

/** The currentShift call under way, shared by every part of the page that asks at once. */
let asking: ReturnType<typeof askCurrentShift> | null = null;

function askCurrentShift() {
  return callPos('currentShift', {});
}

/**
 * The shift open now (null: none; undefined: not known yet): main's 'shift-changed' event,
 * and until the first one arrives, the answer to one currentShift call (the status bar and the
 * sale screen both need it as the page starts: one call answers both).
 */
export function useCurrentShift(): ShiftView | null | undefined {
  const fromEvent = usePosEvent('shift-changed');
  const [asked, setAsked] = useState<ShiftView | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    asking ??= askCurrentShift().finally(() => {
      asking = null;
    });
    void asking.then((result) => {
      if (live && result.ok) setAsked(result.value);
    });
    return () => {
      live = false;
    };
  }, []);
  return fromEvent !== undefined ? fromEvent : asked;
}

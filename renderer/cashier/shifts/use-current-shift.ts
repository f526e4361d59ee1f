import { useEffect, useState } from 'react';
import type { ShiftView } from '../../../shared/shifts/shift-views';
import { callPos } from '../shell/pos';
import { usePosEvent } from '../shell/use-pos';

/**
 * The shift open now (null: none; undefined: not known yet): main's 'shift-changed' event,
 * and until the first one arrives, the answer to one currentShift call.
 */
export function useCurrentShift(): ShiftView | null | undefined {
  const fromEvent = usePosEvent('shift-changed');
  const [asked, setAsked] = useState<ShiftView | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void callPos('currentShift', {}).then((result) => {
      if (live && result.ok) setAsked(result.value);
    });
    return () => {
      live = false;
    };
  }, []);
  return fromEvent !== undefined ? fromEvent : asked;
}

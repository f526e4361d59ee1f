import type { Settings } from '../../shared/settings';
import { shiftRequiredToSell } from '../../shared/shifts/shift-required';
import { ShiftRefusal } from './shift-errors';

/** Refuses to start a sale when the till sells only in a shift and none is open. */
export function requireShiftToSell(
  settings: Pick<Settings, 'shiftRequired' | 'staffPinsRequired'>,
  openShiftId: number | null,
): void {
  if (openShiftId === null && shiftRequiredToSell(settings))
    throw new ShiftRefusal(
      'no-shift',
      'No shift is open: open a shift to sell. Every sale belongs to a shift.',
    );
}

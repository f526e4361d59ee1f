import { Text } from '@mantine/core';
import { useCurrentShift } from './use-current-shift';

/** The status bar's "Shift 3" (or "No shift open"), so the cashier always sees where sales go. */
export function ShiftIndicator() {
  const shift = useCurrentShift();
  if (shift === undefined) return null;
  return (
    <Text
      size="sm"
      fw={600}
      data-testid="shift-indicator"
      data-shift-id={shift?.shiftId ?? ''}
      style={{ whiteSpace: 'nowrap' }}
    >
      {shift ? `Shift ${shift.shiftId}` : 'No shift open'}
    </Text>
  );
}

import { describe, expect, it } from 'vitest';
import { ShiftRefusal } from '../../../electron/shifts/shift-errors';
import { requireShiftToSell } from '../../../electron/shifts/shift-for-sale';
import { shiftRequiredToSell } from '../../../shared/shifts/shift-required';

describe('whether the till sells only in an open shift', () => {
  it('follows staff PINs by default, and IT or the manager may say always or never', () => {
    const table = [
      ['with-staff-pins', true, true],
      ['with-staff-pins', false, false],
      ['always', true, true],
      ['always', false, true],
      ['never', true, false],
      ['never', false, false],
    ] as const;
    for (const [shiftRequired, staffPinsRequired, required] of table)
      expect(shiftRequiredToSell({ shiftRequired, staffPinsRequired }), shiftRequired).toBe(
        required,
      );
  });

  it('refuses a sale with no shift open where one is required, in words; lets it through otherwise', () => {
    const always = { shiftRequired: 'always', staffPinsRequired: false } as const;
    let refused: unknown = null;
    try {
      requireShiftToSell(always, null);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ShiftRefusal);
    expect(refused).toMatchObject({
      code: 'no-shift',
      message: 'No shift is open: open a shift to sell. Every sale belongs to a shift.',
    });
    expect(() => requireShiftToSell(always, 3)).not.toThrow();
    expect(() => requireShiftToSell({ ...always, shiftRequired: 'never' }, null)).not.toThrow();
  });
});

import { TextInput } from '@mantine/core';
import type { DateRange } from './date-range';

/** "From" and "To" days (History, the audit trail): a day typed in full moves that end. */
export function DateRangeInputs({
  range,
  onChange,
  testIdPrefix,
}: {
  range: DateRange | null;
  onChange: (range: DateRange) => void;
  /** `<prefix>-from`, `<prefix>-to`. */
  testIdPrefix: string;
}) {
  const input = (which: keyof DateRange, label: string, testId: string) => (
    <TextInput
      type="date"
      label={label}
      size="md"
      value={range?.[which] ?? ''}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (range && /^\d{4}-\d{2}-\d{2}$/.test(value)) onChange({ ...range, [which]: value });
      }}
      data-testid={`${testIdPrefix}-${testId}`}
    />
  );
  return (
    <>
      {input('fromDate', 'From', 'from')}
      {input('toDate', 'To', 'to')}
    </>
  );
}

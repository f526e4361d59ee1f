import { Button, SimpleGrid } from '@mantine/core';
import { memo } from 'react';
import type { KeypadAction } from './amount-keypad';

const keys: { label: string; testId: string; action: KeypadAction; aria?: string }[] = [
  ...['7', '8', '9', '4', '5', '6', '1', '2', '3'].map((digit) => ({
    label: digit,
    testId: `key-${digit}`,
    action: { type: 'digit', digit } as KeypadAction,
  })),
  { label: '0', testId: 'key-0', action: { type: 'digit', digit: '0' } },
  { label: '00', testId: 'key-00', action: { type: 'double-zero' }, aria: 'Two zeros' },
  { label: '.', testId: 'key-point', action: { type: 'point' }, aria: 'Decimal point' },
];

/**
 * Large touch keys. They never take the focus (tabIndex -1 and no focus on press): the
 * physical keyboard keeps working, and Enter never repeats the last key pressed by mouse.
 */
export const AmountKeypad = memo(function AmountKeypad({
  onKey,
}: {
  onKey: (action: KeypadAction) => void;
}) {
  return (
    <SimpleGrid cols={3} spacing="xs">
      {keys.map((key) => (
        <Button
          key={key.testId}
          variant="default"
          className="keypad-key"
          tabIndex={-1}
          aria-label={key.aria ?? key.label}
          data-testid={key.testId}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onKey(key.action)}
        >
          {key.label}
        </Button>
      ))}
    </SimpleGrid>
  );
});

import { SimpleGrid, TextInput } from '@mantine/core';

interface NewPinFieldsProps {
  pin: string;
  again: string;
  onPin: (pin: string) => void;
  onAgain: (again: string) => void;
  /** Prefix of the two fields' test ids: `${testId}` and `${testId}-again`. */
  testId: string;
}

const digitsOnly = (text: string) => text.replace(/\D/g, '').slice(0, 8);

/**
 * A new PIN typed twice, as dots (no "show" button: the PIN is the person's own). Says what is
 * wrong once there is something to judge: a short PIN, or two that differ.
 */
export function NewPinFields({ pin, again, onPin, onAgain, testId }: NewPinFieldsProps) {
  const tooShort = pin.length > 0 && pin.length < 4;
  const differs = again.length >= pin.length && again.length > 0 && again !== pin;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <TextInput
        type="password"
        inputMode="numeric"
        autoComplete="off"
        size="md"
        label="PIN (4 to 8 digits)"
        value={pin}
        error={tooShort ? 'A PIN is 4 to 8 digits.' : undefined}
        data-testid={testId}
        onChange={(event) => onPin(digitsOnly(event.currentTarget.value))}
      />
      <TextInput
        type="password"
        inputMode="numeric"
        autoComplete="off"
        size="md"
        label="The same PIN again"
        value={again}
        error={differs ? 'The two PINs are not the same.' : undefined}
        data-testid={`${testId}-again`}
        onChange={(event) => onAgain(digitsOnly(event.currentTarget.value))}
      />
    </SimpleGrid>
  );
}

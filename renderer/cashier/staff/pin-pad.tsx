import { Box, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { pinAfter, pinComplete, type PinKey } from './pin-entry';
import { usePinKeyboard } from './use-pin-keyboard';

const digitRows = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

interface PinPadProps {
  /** Gets the PIN typed; the pad forgets it at once, whatever the answer. */
  onSubmit: (pin: string) => void;
  /** While a PIN is being checked, or while the person is locked out. */
  disabled?: boolean;
  /** Who the PIN is for, said to screen readers: "Ana's PIN". */
  label: string;
}

/**
 * Large keys for a PIN, phone-style. The PIN lives only in this component's state, is shown as
 * dots (never its digits) and is cleared as soon as it is sent. The keys never take the focus,
 * so the physical keyboard keeps typing and Enter sends.
 */
export function PinPad({ onSubmit, disabled = false, label }: PinPadProps) {
  const [pin, setPin] = useState('');
  const pad = useRef<HTMLDivElement>(null);
  const press = (key: PinKey) => setPin((current) => pinAfter(current, key));
  const submit = () => {
    if (disabled || !pinComplete(pin)) return;
    setPin('');
    onSubmit(pin);
  };
  usePinKeyboard({ pad, enabled: !disabled, onKey: press, onSubmit: submit });

  // The pad takes the focus when it appears, so Enter sends the PIN and not the last button.
  useEffect(() => pad.current?.focus(), []);

  const key = (text: string, testId: string, action: PinKey, aria?: string) => (
    <Button
      key={testId}
      variant="default"
      h={64}
      px={0}
      fz={text.length === 1 ? 26 : 17}
      tabIndex={-1}
      disabled={disabled}
      aria-label={aria ?? text}
      data-testid={testId}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => press(action)}
    >
      {text}
    </Button>
  );

  return (
    <Stack
      gap="sm"
      ref={pad}
      tabIndex={0}
      role="group"
      aria-label={label}
      data-autofocus
      data-testid="pin-pad"
      maw={340}
      w="100%"
      style={{ outlineOffset: 4 }}
    >
      <Box
        data-testid="pin-dots"
        data-length={pin.length}
        aria-live="polite"
        h={48}
        px="md"
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          border: '2px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-md)',
        }}
      >
        {pin.length === 0 ? (
          <Text c="dimmed" size="md">
            Type the PIN
          </Text>
        ) : (
          <Text component="span" fz={30} lh={1} style={{ letterSpacing: '0.3em' }}>
            {'•'.repeat(pin.length)}
          </Text>
        )}
      </Box>
      <SimpleGrid cols={3} spacing="xs">
        {digitRows.map((digit) => key(digit, `pin-key-${digit}`, { type: 'digit', digit }))}
        {key('Clear', 'pin-clear', { type: 'clear' }, 'Clear the PIN')}
        {key('0', 'pin-key-0', { type: 'digit', digit: '0' })}
        {key('Delete', 'pin-delete', { type: 'delete' }, 'Delete the last digit')}
      </SimpleGrid>
      <Group grow>
        <Button
          h={56}
          tabIndex={-1}
          disabled={disabled || !pinComplete(pin)}
          data-testid="pin-ok"
          onMouseDown={(event) => event.preventDefault()}
          onClick={submit}
        >
          OK
        </Button>
      </Group>
    </Stack>
  );
}

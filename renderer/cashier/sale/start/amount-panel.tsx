import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { RefObject } from 'react';
import { AfterFirstPaint } from '../../../common/after-first-paint';
import type { KeypadAction } from './amount-keypad';
import { AmountKeypad } from './amount-keypad-view';
import { amountStatusLine, type AmountStatus } from './amount-status';

/**
 * The amount: a large field (typed or pasted), the check of what is typed against the
 * asset's decimals, the touch keys and Clear. Keys never take the focus.
 */
export function AmountPanel({
  label,
  text,
  status,
  unit,
  entry,
  inputRef,
  onKeypad,
}: {
  /** "Price in EUR" or "Amount in USDT". */
  label: string;
  text: string;
  status: AmountStatus;
  /** What is typed in: the shop's currency code, the chosen asset, or null while none is. */
  unit: string | null;
  /** The switch between a price in money and an amount of the asset, where IT allows both. */
  entry: { mode: 'money' | 'asset'; other: string; toggle: () => void } | null;
  inputRef: RefObject<HTMLInputElement | null>;
  /** Stable identity: the memoised keypad skips renders that do not concern it. */
  onKeypad: (action: KeypadAction) => void;
}) {
  return (
    <Paper p="md" radius="lg" withBorder shadow="xs">
      <Stack gap="sm">
        <Text fw={700} size="lg" component="label" htmlFor="amount-input">
          {label}
        </Text>
        <TextInput
          id="amount-input"
          ref={inputRef}
          value={text}
          placeholder="0"
          inputMode="decimal"
          autoComplete="off"
          size="xl"
          classNames={{ input: 'amount-display' }}
          styles={{
            input: { fontSize: 40, height: 72, textAlign: 'right', fontWeight: 700 },
          }}
          rightSection={
            unit ? (
              <Text fw={700} c="dimmed">
                {unit}
              </Text>
            ) : null
          }
          rightSectionWidth={unit ? 80 : undefined}
          data-testid="amount-input"
          aria-describedby="amount-status"
          aria-invalid={status.kind === 'invalid'}
          onChange={(event) => onKeypad({ type: 'replace', text: event.currentTarget.value })}
        />
        <Text
          id="amount-status"
          size="sm"
          mih={20}
          c={status.kind === 'invalid' ? 'red' : 'dimmed'}
          data-testid="amount-status"
          data-kind={status.kind}
          role={status.kind === 'invalid' ? 'alert' : undefined}
        >
          {amountStatusLine(status, unit !== null)}
        </Text>
        {entry ? (
          <Button
            variant="subtle"
            size="md"
            tabIndex={-1}
            data-testid="entry-switch"
            onMouseDown={(e) => e.preventDefault()}
            onClick={entry.toggle}
          >
            Type in {entry.other} instead
          </Button>
        ) : null}
        {/* At the page's start the touch keys come a frame after the field, which takes
            typed keys at once (AfterFirstPaint). */}
        <AfterFirstPaint>
          <AmountKeypad onKey={onKeypad} />
          <Group grow gap="xs">
            <Button
              variant="default"
              className="keypad-key keypad-key-small"
              tabIndex={-1}
              aria-label="Delete last digit"
              data-testid="key-backspace"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onKeypad({ type: 'backspace' })}
            >
              ⌫
            </Button>
            <Button
              variant="light"
              color="gray"
              className="keypad-key keypad-key-small"
              tabIndex={-1}
              data-testid="key-clear"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onKeypad({ type: 'clear' })}
            >
              Clear (Esc)
            </Button>
          </Group>
        </AfterFirstPaint>
      </Stack>
    </Paper>
  );
}

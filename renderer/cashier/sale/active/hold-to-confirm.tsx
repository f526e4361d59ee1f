import { Button, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import './hold-to-confirm.css';

/** How long the control must be held: long enough that a stray tap never records a payment. */
export const HOLD_MS = 800;

const holdKeys = new Set([' ', 'Enter']);

/**
 * A button that acts only when pressed and held for HOLD_MS (pointer, touch, or Space/Enter
 * held down): a bar fills while it is held; letting go early does nothing but say to hold
 * longer. A click, a key's auto-repeat or a long-press menu never acts.
 */
export function HoldToConfirm({
  label,
  onConfirm,
  disabled = false,
  loading = false,
  testId,
  color = 'green',
}: {
  /** Red for an act that takes something back (voiding a payment). */
  color?: 'green' | 'red';
  label: string;
  onConfirm: () => void;
  disabled?: boolean;
  loading?: boolean;
  testId: string;
}) {
  const [holding, setHolding] = useState(false);
  const [tooShort, setTooShort] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const hintId = useId();

  const stop = (early: boolean) => {
    if (timer.current === null) return;
    clearTimeout(timer.current);
    timer.current = null;
    setHolding(false);
    if (early) setTooShort(true);
  };
  const start = () => {
    if (disabled || loading || timer.current !== null) return;
    setHolding(true);
    setTooShort(false);
    timer.current = setTimeout(() => {
      timer.current = null;
      setHolding(false);
      onConfirm();
    }, HOLD_MS);
  };
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  return (
    <Stack gap={4}>
      <Button
        size="xl"
        h={72}
        color={color}
        className="hold-to-confirm"
        data-testid={testId}
        data-holding={holding}
        style={{ '--hold-ms': `${HOLD_MS}ms` } as CSSProperties}
        disabled={disabled}
        loading={loading}
        aria-describedby={hintId}
        onPointerDown={(event) => {
          if (event.button === 0) start();
        }}
        onPointerUp={() => stop(true)}
        onPointerLeave={() => stop(true)}
        onPointerCancel={() => stop(false)}
        onKeyDown={(event) => {
          if (!holdKeys.has(event.key)) return;
          event.preventDefault();
          if (!event.repeat) start();
        }}
        onKeyUp={(event) => {
          if (holdKeys.has(event.key)) stop(true);
        }}
        onBlur={() => stop(false)}
        onContextMenu={(event) => event.preventDefault()}
      >
        <span className="hold-to-confirm-fill" aria-hidden />
        <span className="hold-to-confirm-label">{label}</span>
      </Button>
      <Text size="sm" fw={tooShort ? 700 : 400} id={hintId} data-testid={`${testId}-hint`}>
        {tooShort ? 'Keep holding until the bar is full.' : 'Press and hold to confirm.'}
      </Text>
    </Stack>
  );
}

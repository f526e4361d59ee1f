import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ShiftView } from '../../../shared/shifts/shift-views';
import { reportTime } from '../../../shared/shifts/shift-report-sections';

interface CurrentShiftPanelProps {
  shift: ShiftView | null | undefined;
  timeZone: string;
  /** A call is running: every button waits. */
  busy: boolean;
  onOpen: () => void;
  onXReport: () => void;
  onClose: () => void;
}

/**
 * The shift open now (its number, when and by whom it was opened) with "X report" and "Close
 * shift", or "No shift open" with "Open shift". Closing asks once more: a Z report is final.
 */
export function CurrentShiftPanel(props: CurrentShiftPanelProps) {
  const { shift, timeZone, busy } = props;
  // The shift the "are you sure" is for: one closed or opened meanwhile ends the question.
  const [confirmingShift, setConfirmingShift] = useState<number | null>(null);
  const confirming = shift != null && confirmingShift === shift.shiftId;
  const setConfirming = (yes: boolean) => setConfirmingShift(yes ? (shift?.shiftId ?? null) : null);

  if (shift === undefined) {
    return (
      <Paper p="md" radius="lg" withBorder>
        <Text c="dimmed">Loading…</Text>
      </Paper>
    );
  }
  if (shift === null) {
    return (
      <Paper p="md" radius="lg" withBorder data-testid="shift-current" data-state="none">
        <Group justify="space-between" align="center">
          <Stack gap={2}>
            <Title order={2} size="h3">
              No shift open
            </Title>
            <Text c="dimmed">Open a shift before the first sale: its sales go on its report.</Text>
          </Stack>
          <Button size="md" h={48} loading={busy} onClick={props.onOpen} data-testid="shift-open">
            Open shift
          </Button>
        </Group>
      </Paper>
    );
  }
  return (
    <Paper p="md" radius="lg" withBorder data-testid="shift-current" data-state="open">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Stack gap={2}>
            <Title order={2} size="h3" data-testid="shift-current-title">
              Shift {shift.shiftId} is open
            </Title>
            <Text>
              Opened {reportTime(shift.openedAtMs, { timeZone })} by {shift.openedBy.name}
              {shift.continues
                ? ` · continues shift ${shift.continues.shiftId} (reopened by ${shift.continues.reopenedBy.name})`
                : ''}
            </Text>
          </Stack>
          <Group gap="sm">
            <Button
              size="md"
              h={48}
              variant="default"
              disabled={busy}
              onClick={props.onXReport}
              data-testid="shift-x-report"
            >
              X report
            </Button>
            <Button
              size="md"
              h={48}
              color="red"
              variant={confirming ? 'light' : 'filled'}
              disabled={busy || confirming}
              onClick={() => setConfirming(true)}
              data-testid="shift-close"
            >
              Close shift
            </Button>
          </Group>
        </Group>
        {confirming ? (
          <Group
            justify="space-between"
            align="center"
            p="sm"
            style={{ background: 'var(--mantine-color-red-light)', borderRadius: 8 }}
            data-testid="shift-close-confirm"
          >
            <Text fw={600}>
              Close shift {shift.shiftId} now? Its Z report cannot be changed; once it is printed or
              saved, the shift cannot be reopened either.
            </Text>
            <Group gap="sm">
              <Button size="md" h={48} variant="default" onClick={() => setConfirming(false)}>
                Not now
              </Button>
              <Button
                size="md"
                h={48}
                color="red"
                loading={busy}
                onClick={props.onClose}
                data-testid="shift-close-yes"
              >
                Yes, close shift {shift.shiftId}
              </Button>
            </Group>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

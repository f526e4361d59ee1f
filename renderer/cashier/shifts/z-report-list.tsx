import { Button, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ZReportSummary } from '../../../shared/shifts/shift-views';
import { reportTime } from '../../../shared/shifts/shift-report-sections';

interface ZReportListProps {
  reports: ZReportSummary[] | null;
  timeZone: string;
  /** The Z number on screen now, marked in the list. */
  shown: number | null;
  onView: (zNumber: number) => void;
}

/** Every Z report made at this till, newest first, each with a button to see it. */
export function ZReportList({ reports, timeZone, shown, onView }: ZReportListProps) {
  return (
    <Paper p="md" radius="lg" withBorder data-testid="z-report-list">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Z reports
        </Title>
        {reports === null ? (
          <Text c="dimmed">Loading…</Text>
        ) : reports.length === 0 ? (
          <Text c="dimmed">No shift has been closed yet.</Text>
        ) : (
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Z report</Table.Th>
                <Table.Th>Shift</Table.Th>
                <Table.Th>Closed</Table.Th>
                <Table.Th ta="right">Orders</Table.Th>
                <Table.Th ta="right">Paid</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Open the report</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {reports.map((z) => (
                <Table.Tr key={z.zNumber} data-testid="z-report-row" data-z-number={z.zNumber}>
                  <Table.Td fw={700}>Z {z.zNumber}</Table.Td>
                  <Table.Td>
                    {z.shiftId}
                    {z.continuesShiftId !== null ? (
                      <Text span size="sm" c="dimmed">
                        {' '}
                        (continues {z.continuesShiftId})
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{reportTime(z.closedAtMs, { timeZone })}</Table.Td>
                  <Table.Td ta="right">{z.orderCount}</Table.Td>
                  <Table.Td ta="right">{z.paidCount}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="md"
                      h={44}
                      variant={shown === z.zNumber ? 'filled' : 'default'}
                      aria-pressed={shown === z.zNumber}
                      aria-label={`View Z report ${z.zNumber}`}
                      data-testid="z-report-view"
                      onClick={() => onView(z.zNumber)}
                    >
                      View
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Table, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  reportMark,
  reportTitle,
  shiftReportSections,
  type ReportSection,
  type ShiftReportSource,
} from '../../../shared/shifts/shift-report-sections';

interface ShiftReportViewProps {
  source: ShiftReportSource;
  timeZone: string;
  /** Buttons beside the title (Save as CSV, Reopen, Hide). */
  actions?: ReactNode;
  /**
   * A Z report that left the till (printed, saved as PDF or CSV): final. Before that it is
   * closed, and a manager may still reopen its shift.
   */
  final?: boolean;
}

/**
 * An X or Z report on screen: the same sections and words the printed report has
 * (shared/shifts/shift-report-sections.ts), the shift's facts first, then one card per part.
 */
export function ShiftReportView({ source, timeZone, actions, final }: ShiftReportViewProps) {
  const [header, ...sections] = shiftReportSections(source, { timeZone });
  const isX = source.zNumber === null;
  return (
    <Paper
      p="md"
      radius="lg"
      withBorder
      data-testid="shift-report"
      data-kind={isX ? 'x' : 'z'}
      data-z-number={source.zNumber ?? ''}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Group gap="sm">
            <Title order={2} size="h3">
              {reportTitle(source)} — shift {source.report.shiftId}
            </Title>
            {isX ? null : (
              <Badge
                size="lg"
                color="dark"
                variant={final ? 'filled' : 'outline'}
                data-testid="z-report-state"
                data-final={final ? 'true' : 'false'}
              >
                {final ? 'Final' : 'Closed'}
              </Badge>
            )}
          </Group>
          {actions ? <Group gap="sm">{actions}</Group> : null}
        </Group>
        {isX ? (
          <Alert color="yellow" variant="light" data-testid="x-report-mark">
            <strong>{reportMark(source)}.</strong> The shift stays open: these figures change with
            every sale until the shift is closed.
          </Alert>
        ) : null}
        {header ? <SectionTable section={header} columns /> : null}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {sections.map((section) => (
            <Paper key={section.id} p="sm" radius="md" withBorder>
              <Title order={3} size="h5" mb={4}>
                {section.heading}
              </Title>
              <SectionTable section={section} />
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function SectionTable({ section, columns = false }: { section: ReportSection; columns?: boolean }) {
  const rows = section.rows.map((row, index) => (
    <Table.Tr key={`${row.label}-${index}`} data-testid="report-row" data-label={row.label}>
      <Table.Th scope="row" fw={row.bold ? 700 : 400}>
        {row.label}
      </Table.Th>
      <Table.Td
        ta="right"
        fw={row.bold ? 700 : 400}
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {row.value}
      </Table.Td>
    </Table.Tr>
  ));
  if (!columns) {
    return (
      <Table verticalSpacing={4} data-testid={`report-section-${section.id}`}>
        <Table.Tbody>{rows}</Table.Tbody>
      </Table>
    );
  }
  // The shift's facts in two columns, so the figures start high on a 768-pixel screen.
  const half = Math.ceil(rows.length / 2);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid={`report-section-${section.id}`}>
      <Table verticalSpacing={4}>
        <Table.Tbody>{rows.slice(0, half)}</Table.Tbody>
      </Table>
      <Table verticalSpacing={4}>
        <Table.Tbody>{rows.slice(half)}</Table.Tbody>
      </Table>
    </SimpleGrid>
  );
}

import { Table, Text } from '@mantine/core';
import type { AuditRowView } from '../../../shared/audit/audit-views';
import { orderDateTime } from '../history/order-time';
import { valueText } from './audit-words';

/** The audit rows, newest first: when, who, what on what, before and after, why, outcome. */
export function AuditTable({ rows, timeZone }: { rows: AuditRowView[]; timeZone: string }) {
  if (rows.length === 0) return <Text c="dimmed">Nothing was recorded for these days.</Text>;
  return (
    <Table striped verticalSpacing="sm" data-testid="audit-table">
      <Table.Thead style={{ whiteSpace: 'nowrap' }}>
        <Table.Tr>
          <Table.Th w={150}>When</Table.Th>
          <Table.Th>Who</Table.Th>
          <Table.Th>What</Table.Th>
          <Table.Th>Before</Table.Th>
          <Table.Th>After</Table.Th>
          <Table.Th>Why</Table.Th>
          <Table.Th>Outcome</Table.Th>
        </Table.Tr>
      </Table.Thead>
      {/* A long value (an address, a list) wraps anywhere rather than widening the page. */}
      <Table.Tbody style={{ overflowWrap: 'anywhere' }}>
        {rows.map((row) => (
          <Table.Tr
            key={row.auditId}
            data-testid="audit-row"
            data-action={row.action}
            data-audit-id={row.auditId}
          >
            <Table.Td>{orderDateTime(row.atMs, timeZone)}</Table.Td>
            <Table.Td data-testid="audit-who">{row.who}</Table.Td>
            <Table.Td data-testid="audit-what">
              <Text fw={600} size="sm">
                {row.what}
              </Text>
              <Text size="sm" c="dimmed">
                {row.on}
              </Text>
            </Table.Td>
            <Table.Td data-testid="audit-before">
              {row.change ? valueText(row.change.before) : ''}
            </Table.Td>
            <Table.Td data-testid="audit-after">
              {row.change ? valueText(row.change.after) : ''}
            </Table.Td>
            <Table.Td>{row.reason ?? ''}</Table.Td>
            <Table.Td data-testid="audit-outcome" style={{ textTransform: 'capitalize' }}>
              {row.outcome}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

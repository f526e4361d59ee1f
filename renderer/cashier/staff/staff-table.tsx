import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { StaffMember } from '../../../shared/staff';
import type { StaffChange } from './staff-change-form';
import { roleWords } from './staff-words';

interface StaffTableProps {
  staff: StaffMember[];
  /** The person signed in now, marked "you". */
  signedInId: string | null;
  /** Absent: the list is read-only (the person may not manage the staff), without changes. */
  onChange?: (staffId: string, change: StaffChange) => void;
}

/** Everyone who may sign in. IT's managers are marked IT and changed only in IT's policy. */
export function StaffTable({ staff, signedInId, onChange }: StaffTableProps) {
  return (
    <Table verticalSpacing="xs" data-testid="staff-list">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Role</Table.Th>
          {onChange ? <Table.Th>Changes</Table.Th> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {staff.map((person) => (
          <Table.Tr key={person.staffId} data-testid={`staff-row-${person.staffId}`}>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Text fw={600}>{person.name}</Text>
                {person.staffId === signedInId ? (
                  <Text component="span" size="sm" c="dimmed">
                    (signed in)
                  </Text>
                ) : null}
                {person.source === 'policy' ? (
                  <Badge
                    size="sm"
                    variant="filled"
                    color="grape"
                    title="Set up by IT"
                    data-testid={`staff-it-${person.staffId}`}
                  >
                    IT
                  </Badge>
                ) : null}
              </Group>
            </Table.Td>
            <Table.Td>{roleWords(person.role)}</Table.Td>
            {onChange ? (
              <Table.Td>
                {person.source === 'policy' ? (
                  <Text size="sm" c="dimmed">
                    IT sets their PIN
                  </Text>
                ) : (
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="md"
                      variant="light"
                      data-testid={`staff-new-pin-${person.staffId}`}
                      aria-label={`New PIN for ${person.name}`}
                      onClick={() => onChange(person.staffId, 'new-pin')}
                    >
                      New PIN
                    </Button>
                    <Button
                      size="md"
                      variant="subtle"
                      color="red"
                      data-testid={`staff-remove-${person.staffId}`}
                      aria-label={`Remove ${person.name}`}
                      onClick={() => onChange(person.staffId, 'remove')}
                    >
                      Remove
                    </Button>
                  </Group>
                )}
              </Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

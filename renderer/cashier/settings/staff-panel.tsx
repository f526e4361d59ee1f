import { Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { AddStaffForm } from '../staff/add-staff-form';
import { StaffChangeForm, type StaffChange } from '../staff/staff-change-form';
import { StaffTable } from '../staff/staff-table';
import { useStaffSession } from '../staff/use-staff-session';

/**
 * Who may sign in at this till: add a person, give someone a new PIN, remove someone. Only a
 * manager signed in may change the list (main checks); no approval lends that to a cashier.
 */
export function StaffPanel() {
  const { session, setSession } = useStaffSession();
  const [editing, setEditing] = useState<{ staffId: string; change: StaffChange } | null>(null);

  // A till that offers no staff list has nothing to show here.
  if (session === null) return null;
  const person = session?.staff.find((member) => member.staffId === editing?.staffId) ?? null;

  return (
    <Paper p="md" radius="lg" withBorder data-testid="staff-panel">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Staff
        </Title>
        {session === undefined ? (
          <Text c="dimmed">Loading the staff list…</Text>
        ) : (
          <>
            <Text size="sm" c="dimmed" data-testid="staff-pins-state">
              {session.pinsRequired
                ? 'Everyone signs in with their own PIN. A cashier needs a manager’s PIN to change settings, to export, to type a price or to record a late payment; only a manager signed in may change this list.'
                : 'Staff PINs are off: the till does not ask who is at the till. This list is used once they are on.'}
            </Text>
            {session.staff.length > 0 ? (
              <StaffTable
                staff={session.staff}
                signedInId={session.signedIn?.staffId ?? null}
                onChange={(staffId, change) => setEditing({ staffId, change })}
              />
            ) : (
              <Text>Nobody is on the staff list yet.</Text>
            )}
            {editing && person ? (
              <StaffChangeForm
                key={`${editing.change}-${editing.staffId}`}
                person={person}
                change={editing.change}
                onSession={setSession}
                onDone={() => setEditing(null)}
              />
            ) : null}
            <Divider />
            <AddStaffForm roles={session.roles} onSession={setSession} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

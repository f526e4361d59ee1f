import { Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { PageSettings } from '../../../shared/settings';
import type { StaffSession } from '../../../shared/staff';
import { FailureAlert } from '../errors/failure-alert';
import { AddStaffForm } from '../staff/add-staff-form';
import { StaffChangeForm, type StaffChange } from '../staff/staff-change-form';
import { StaffTable } from '../staff/staff-table';
import { AutoLockSetting } from './auto-lock-setting';
import { ShiftRequiredSetting } from './shift-required-setting';
import { SectionNote } from './section-note';
import { changeAccess } from './settings-sections';
import { StaffPinsControl } from './staff-pins-control';
import { useSettingsSave } from './use-settings-save';

/**
 * The Staff section: how staff PINs are turned on, when the till locks itself, and who may
 * sign in (add a person, give someone a new PIN, remove someone). Only a manager signed in
 * changes the list and turns PINs on or off (main checks; no approval lends either); the
 * auto-lock is a staff setting a manager's PIN may approve.
 */
export function StaffPanel({
  settings,
  session,
  onSession,
  onChanged,
}: {
  settings: PageSettings;
  /** undefined until known; null: the till offers no staff list, and nothing is shown. */
  session: StaffSession | null | undefined;
  onSession: (session: StaffSession) => void;
  onChanged: () => void;
}) {
  const [editing, setEditing] = useState<{ staffId: string; change: StaffChange } | null>(null);
  const saving = useSettingsSave(onChanged);

  // A till that offers no staff list has nothing to show here.
  if (session === null) return null;
  const person = session?.staff.find((member) => member.staffId === editing?.staffId) ?? null;
  const mayManage = session !== undefined && changeAccess(session, 'manage-staff') === 'own';

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
            <Text data-testid="staff-pins-state">
              {session.pinsRequired
                ? 'Staff PINs are on: everyone signs in with their own PIN. A cashier needs a manager’s PIN to change settings, to export, to type a price or to record a late payment.'
                : 'Staff PINs are off: the till does not ask who is at the till. This list is used once they are on.'}
            </Text>
            <StaffPinsControl
              settings={settings}
              pinsOn={session.pinsRequired}
              mayManage={mayManage}
              onChanged={onChanged}
            />
            <Divider />
            <SectionNote
              access={changeAccess(session, 'settings:staff')}
              readOnly="Only a manager signed in changes this."
            />
            <AutoLockSetting settings={settings} save={saving.save} />
            <ShiftRequiredSetting settings={settings} save={saving.save} />
            {saving.failure ? <FailureAlert failure={saving.failure} /> : null}
            <Divider />
            <Title order={3} size="h4">
              Who may sign in
            </Title>
            {mayManage ? null : (
              <Text data-testid="staff-read-only-note">
                Only a manager signed in changes this list.
              </Text>
            )}
            {session.staff.length > 0 ? (
              <StaffTable
                staff={session.staff}
                signedInId={session.signedIn?.staffId ?? null}
                onChange={
                  mayManage ? (staffId, change) => setEditing({ staffId, change }) : undefined
                }
              />
            ) : (
              <Text>Nobody is on the staff list yet.</Text>
            )}
            {mayManage && editing && person ? (
              <StaffChangeForm
                key={`${editing.change}-${editing.staffId}`}
                person={person}
                change={editing.change}
                onSession={onSession}
                onDone={() => setEditing(null)}
              />
            ) : null}
            {mayManage ? (
              <>
                <Divider />
                <AddStaffForm roles={session.roles} onSession={onSession} />
              </>
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}

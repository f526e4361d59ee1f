import { Alert } from '@mantine/core';
import type { ChangeAccess } from './settings-sections';

/**
 * One line saying how the person may change a section, when not by themself: a manager's PIN
 * approves a change when it is saved, or the section is read-only to them (`readOnly`: who
 * changes it then). Nothing when the section is theirs.
 */
export function SectionNote({
  access,
  readOnly,
  approval = 'A manager approves changes here: their PIN is asked for each change.',
}: {
  access: ChangeAccess;
  readOnly: string;
  approval?: string;
}) {
  if (access === 'own') return null;
  return access === 'with-approval' ? (
    <Alert color="blue" variant="light" p="sm" data-testid="settings-approval-note">
      {approval}
    </Alert>
  ) : (
    <Alert color="gray" variant="light" p="sm" data-testid="settings-read-only-note">
      {readOnly}
    </Alert>
  );
}

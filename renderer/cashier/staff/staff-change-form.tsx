import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { StaffMember, StaffSession } from '../../../shared/staff';
import { FailureAlert } from '../errors/failure-alert';
import { callPos } from '../shell/pos';
import { useTillAction } from '../shell/use-pos';
import { NewPinFields } from './new-pin-fields';
import { newPinProblem } from './staff-words';

export type StaffChange = 'new-pin' | 'remove';

interface StaffChangeFormProps {
  person: StaffMember;
  change: StaffChange;
  onSession: (session: StaffSession) => void;
  onDone: () => void;
}

/** Under the staff list: a new PIN for one person, or "Remove Ana?" to confirm. */
export function StaffChangeForm({ person, change, onSession, onDone }: StaffChangeFormProps) {
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const saving = useTillAction();

  const apply = async () => {
    const result = await saving.run(change, () =>
      change === 'remove'
        ? callPos('removeStaff', { staffId: person.staffId })
        : callPos('resetStaffPin', { staffId: person.staffId, pin }),
    );
    if (!result?.ok) return;
    onSession(result.value);
    onDone();
  };

  return (
    <Paper p="md" radius="md" withBorder data-testid={`staff-${change}-form`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void apply();
        }}
      >
        <Stack gap="sm">
          {change === 'remove' ? (
            <Text size="lg" fw={700}>
              Remove {person.name} from the staff list? They can no longer sign in. Their past sales
              keep their name.
            </Text>
          ) : (
            <>
              <Text size="lg" fw={700}>
                New PIN for {person.name}
              </Text>
              <NewPinFields
                pin={pin}
                again={again}
                onPin={setPin}
                onAgain={setAgain}
                testId="staff-new-pin"
              />
            </>
          )}
          {saving.failure ? <FailureAlert failure={saving.failure} /> : null}
          <Group>
            <Button
              type="submit"
              size="md"
              color={change === 'remove' ? 'red' : undefined}
              disabled={change === 'new-pin' && newPinProblem(pin, again) !== null}
              loading={saving.pending !== null}
              data-testid={`staff-${change}-confirm`}
            >
              {change === 'remove' ? `Remove ${person.name}` : 'Save the new PIN'}
            </Button>
            <Button size="md" variant="default" onClick={onDone}>
              {change === 'remove' ? 'Keep' : 'Cancel'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { StaffSession } from '../../../shared/staff';
import { FailureAlert } from '../errors/failure-alert';
import { callPos } from '../shell/pos';
import { useTillAction } from '../shell/use-pos';
import { NewPinFields } from './new-pin-fields';
import { newPinProblem } from './staff-words';

/**
 * Staff PINs are on and nobody manages the staff yet: the first person becomes the manager,
 * and is signed in at once.
 */
export function FirstManagerScreen({ onSession }: { onSession: (session: StaffSession) => void }) {
  const [name, setName] = useState('');
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const creating = useTillAction();
  const ready = name.trim() !== '' && newPinProblem(pin, again) === null;

  const create = async () => {
    if (!ready) return;
    const result = await creating.run('create', () =>
      callPos('createFirstManager', { name: name.trim(), pin }),
    );
    if (result?.ok) onSession(result.value);
  };

  return (
    <Stack gap="lg" maw={720} mx="auto" data-testid="first-manager-screen">
      <Title order={1} size="h2">
        Set up the first manager
      </Title>
      <Text size="lg">
        This till asks who is at the till. The first person is its manager: they add the other staff
        and approve what only a manager may do.
      </Text>
      <Paper p="md" radius="lg" withBorder>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void create();
          }}
        >
          <Stack gap="md">
            <TextInput
              size="md"
              label="Manager's name"
              value={name}
              maxLength={40}
              autoComplete="off"
              data-testid="first-manager-name"
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <NewPinFields
              pin={pin}
              again={again}
              onPin={setPin}
              onAgain={setAgain}
              testId="first-manager-pin"
            />
            {creating.failure ? <FailureAlert failure={creating.failure} /> : null}
            <Button
              type="submit"
              disabled={!ready}
              loading={creating.pending !== null}
              data-testid="first-manager-create"
            >
              Create the manager and sign in
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

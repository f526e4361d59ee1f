import { Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { builtInRoles, type StaffRole, type StaffSession } from '../../../shared/staff';
import { FailureAlert } from '../errors/failure-alert';
import { callPos } from '../shell/pos';
import { useTillAction } from '../shell/use-pos';
import { NewPinFields } from './new-pin-fields';
import { newPinProblem, roleWords } from './staff-words';

/** "Add a person": name, role (cashier, manager or one of IT's), and their PIN typed twice. */
export function AddStaffForm({
  roles = builtInRoles,
  onSession,
}: {
  roles?: readonly StaffRole[];
  onSession: (session: StaffSession) => void;
}) {
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('cashier');
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [added, setAdded] = useState<string | null>(null);
  const adding = useTillAction();
  const ready = name.trim() !== '' && newPinProblem(pin, again) === null;

  const add = async () => {
    if (!ready) return;
    const person = name.trim();
    const result = await adding.run('add', () => callPos('addStaff', { name: person, role, pin }));
    if (!result?.ok) return;
    onSession(result.value);
    setAdded(person);
    setName('');
    setRole('cashier');
    setPin('');
    setAgain('');
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      <Stack gap="sm" data-testid="add-staff">
        <Title order={3} size="h4">
          Add a person
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            size="md"
            label="Name"
            value={name}
            maxLength={40}
            autoComplete="off"
            data-testid="add-staff-name"
            onChange={(event) => {
              setName(event.currentTarget.value);
              setAdded(null);
            }}
          />
          <Stack gap={4}>
            <Text size="md" fw={700} id="add-staff-role-label">
              Role
            </Text>
            <Group gap="xs" grow role="radiogroup" aria-labelledby="add-staff-role-label">
              {roles.map((choice) => (
                <button
                  key={choice}
                  type="button"
                  role="radio"
                  aria-checked={role === choice}
                  className="picker-tile"
                  style={{ minHeight: 44, justifyContent: 'center' }}
                  data-testid={`add-staff-role-${choice}`}
                  onClick={() => setRole(choice)}
                >
                  {roleWords(choice)}
                </button>
              ))}
            </Group>
          </Stack>
        </SimpleGrid>
        <NewPinFields
          pin={pin}
          again={again}
          onPin={setPin}
          onAgain={setAgain}
          testId="add-staff-pin"
        />
        {adding.failure ? <FailureAlert failure={adding.failure} /> : null}
        {added ? (
          <Text c="green" fw={600} data-testid="staff-added">
            {added} can now sign in.
          </Text>
        ) : null}
        <Group>
          <Button
            type="submit"
            size="md"
            disabled={!ready}
            loading={adding.pending !== null}
            data-testid="add-staff-save"
          >
            Add
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Button, Group, Stack, Text } from '@mantine/core';
import type { StaffSession } from '../../../shared/staff';
import { callPos } from '../shell/pos';
import { useTillAction } from '../shell/use-pos';
import { roleWords } from './staff-words';

interface SignedInPersonProps {
  person: NonNullable<StaffSession['signedIn']>;
  onSession: (session: StaffSession) => void;
}

/** The header's "Ana, Manager" and Switch: signs out, and the till asks who is there. */
export function SignedInPerson({ person, onSession }: SignedInPersonProps) {
  const switching = useTillAction();
  const signOut = async () => {
    const result = await switching.run('sign-out', () => callPos('signOut', {}));
    if (result?.ok) onSession(result.value);
  };
  return (
    <Group gap="xs" wrap="nowrap" data-testid="signed-in-person">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={700} size="md" truncate maw={180} data-testid="signed-in-name">
          {person.name}
        </Text>
        <Text size="sm" c="dimmed" lh={1.2}>
          {roleWords(person.role)}
        </Text>
      </Stack>
      <Button
        size="md"
        h={48}
        variant="default"
        loading={switching.pending !== null}
        data-testid="switch-person"
        onClick={() => void signOut()}
      >
        Switch
      </Button>
    </Group>
  );
}

import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { StaffSession } from '../../../shared/staff';
import { callPos } from '../shell/pos';
import { PersonTiles } from './person-tiles';
import { PinForPerson } from './pin-for-person';
import { PinProblem } from './pin-problem';
import { usePinAttempt } from './use-pin-attempt';

interface SignInScreenProps {
  session: StaffSession;
  onSession: (session: StaffSession) => void;
}

/** "Who is at the till?": tap a name, type that person's PIN. */
export function SignInScreen({ session, onSession }: SignInScreenProps) {
  // The only person on the list needs no tap.
  const [chosenId, setChosenId] = useState<string | null>(
    session.staff.length === 1 ? session.staff[0]!.staffId : null,
  );
  const pins = usePinAttempt();
  const chosen = session.staff.find((person) => person.staffId === chosenId) ?? null;
  const secondsLeft = pins.secondsLeftFor(chosen?.staffId ?? null);

  const signIn = async (pin: string) => {
    if (!chosen) return;
    const result = await pins.attempt(chosen.staffId, () =>
      callPos('signIn', { staffId: chosen.staffId, pin }),
    );
    if (result?.ok) onSession(result.value);
  };

  return (
    <Stack gap="lg" maw={1000} mx="auto" data-testid="sign-in-screen">
      <Title order={1} size="h2">
        Who is at the till?
      </Title>
      {session.noManager ? (
        // Where the first-manager step would be: a till that had a manager does not make one.
        <Alert
          color="yellow"
          variant="light"
          title="No manager on this till"
          data-testid="no-manager"
        >
          <Text size="md">
            Nobody on the staff list is a manager now. Only IT can add one, in the till's policy:
            ask IT. Until then, staff sign in and sell as before.
          </Text>
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
        <Stack gap="sm">
          <Text size="lg">Tap your name, then type your PIN.</Text>
          <PersonTiles
            people={session.staff}
            selectedId={chosen?.staffId ?? null}
            label="Who is at the till"
            testIdPrefix="staff-tile"
            onSelect={(staffId) => {
              setChosenId(staffId);
              pins.forgetFailure();
            }}
          />
        </Stack>
        <Paper p="md" radius="lg" withBorder>
          {chosen ? (
            <Stack gap="sm" align="center">
              <PinForPerson
                person={chosen}
                disabled={pins.checking || secondsLeft > 0}
                onSubmit={(pin) => void signIn(pin)}
              />
              <PinProblem
                failure={pins.failure}
                lockedUntilMs={pins.lockedUntil(chosen.staffId)}
                secondsLeft={secondsLeft}
              />
            </Stack>
          ) : (
            <Text c="dimmed" size="lg">
              Tap your name first.
            </Text>
          )}
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}

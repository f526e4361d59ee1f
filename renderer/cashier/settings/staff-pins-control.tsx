import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { PageSettings } from '../../../shared/settings';
import { FailureAlert } from '../errors/failure-alert';
import { callPos } from '../shell/pos';
import { useTillAction } from '../shell/use-pos';

/**
 * How staff PINs are turned on or off at this till: IT does it when its policy holds the
 * setting; else whoever may manage the staff turns them on (PINs off) or off (PINs on), each
 * after a confirm, and everyone else reads that a manager does it. Main refuses to turn them
 * off while another manager is on the list; its words are shown as they are.
 */
export function StaffPinsControl({
  settings,
  pinsOn,
  mayManage,
  onChanged,
}: {
  settings: PageSettings;
  pinsOn: boolean;
  /** The person may manage the staff by themself (never lent by an approval). */
  mayManage: boolean;
  onChanged: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const action = useTillAction();

  if (settings.keys.staffPinsRequired.locked) {
    return <Text data-testid="staff-pins-how">IT turns staff PINs on or off for this till.</Text>;
  }
  if (!mayManage) {
    return (
      <Text data-testid="staff-pins-how">A manager signed in turns staff PINs on or off.</Text>
    );
  }

  const turn = async () => {
    const result = await action.run('pins', () =>
      callPos('updateSettings', { patch: { staffPinsRequired: !pinsOn } }),
    );
    setConfirming(false);
    if (result?.ok) onChanged();
  };

  return (
    <Stack gap="sm" data-testid="staff-pins-how">
      {confirming ? (
        <Stack gap="sm" data-testid="staff-pins-confirm">
          <Text fw={600}>
            {pinsOn
              ? 'Turn staff PINs off? Nobody then signs in, and whoever is at the till may do everything.'
              : 'Turn staff PINs on? Everyone then signs in with their own PIN; if nobody manages the staff yet, the till asks for the first manager next.'}
          </Text>
          <Group gap="sm">
            <Button
              size="md"
              color={pinsOn ? 'red' : undefined}
              loading={action.pending !== null}
              data-testid="staff-pins-confirm-yes"
              onClick={() => void turn()}
            >
              {pinsOn ? 'Turn PINs off' : 'Turn PINs on'}
            </Button>
            <Button
              size="md"
              variant="default"
              data-testid="staff-pins-confirm-no"
              onClick={() => setConfirming(false)}
            >
              {pinsOn ? 'Keep them on' : 'Keep them off'}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group>
          <Button
            size="md"
            variant="light"
            color={pinsOn ? 'red' : undefined}
            data-testid={pinsOn ? 'staff-pins-turn-off' : 'staff-pins-turn-on'}
            onClick={() => {
              action.setFailure(null);
              setConfirming(true);
            }}
          >
            {pinsOn ? 'Turn staff PINs off…' : 'Turn staff PINs on…'}
          </Button>
        </Group>
      )}
      {action.failure ? <FailureAlert failure={action.failure} /> : null}
    </Stack>
  );
}

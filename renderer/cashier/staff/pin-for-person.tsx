import { Text } from '@mantine/core';
import type { StaffMember } from '../../../shared/staff';
import { PinPad } from './pin-pad';

/** Whose PIN is asked for, and the pad: a new pad (empty) for each person picked. */
export function PinForPerson({
  person,
  disabled,
  onSubmit,
}: {
  person: Pick<StaffMember, 'staffId' | 'name'>;
  disabled: boolean;
  onSubmit: (pin: string) => void;
}) {
  return (
    <>
      <Text size="lg" fw={700} data-testid="pin-for">
        PIN for {person.name}
      </Text>
      <PinPad
        key={person.staffId}
        label={`PIN for ${person.name}`}
        disabled={disabled}
        onSubmit={onSubmit}
      />
    </>
  );
}

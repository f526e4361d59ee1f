import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import type { StaffMember, StaffSession } from '../../../shared/staff';
import { callPos } from '../shell/pos';
import { approvalStore, settleApproval, type ApprovalRequest } from './approval-requests';
import { PersonTiles } from './person-tiles';
import { PinForPerson } from './pin-for-person';
import { PinProblem } from './pin-problem';
import { actionWords } from './staff-words';
import { usePinAttempt } from './use-pin-attempt';

/**
 * The one manager approval dialog of the cashier window, mounted once by the shell. It opens
 * whenever a till call needs a manager (shell/pos.ts), over whatever screen made the call.
 */
export function ManagerApprovalHost({ session }: { session: StaffSession | null }) {
  const request = useSyncExternalStore(approvalStore.subscribe, approvalStore.current);
  // Those main named as able to approve this act; else the managers.
  const managers = (session?.staff ?? []).filter((person) =>
    request?.approvers ? request.approvers.includes(person.staffId) : person.role === 'manager',
  );
  return (
    <Modal
      opened={request !== null}
      onClose={() => request && settleApproval(request.id, false)}
      title="A manager's approval"
      styles={{ title: { fontWeight: 800, fontSize: 'var(--mantine-font-size-lg)' } }}
      withCloseButton={false}
      size="xl"
      centered
      // Above the dialog that asked (paid after all, void a payment: Mantine modals are at 200),
      // whose portal opened later and would otherwise cover the PIN pad.
      zIndex={400}
    >
      {request ? <ApprovalForm key={request.id} request={request} managers={managers} /> : null}
    </Modal>
  );
}

function ApprovalForm({
  request,
  managers,
}: {
  request: ApprovalRequest;
  managers: StaffMember[];
}) {
  const [managerId, setManagerId] = useState<string | null>(
    managers.length === 1 ? managers[0]!.staffId : null,
  );
  const pins = usePinAttempt();
  const manager = managers.find((person) => person.staffId === managerId) ?? null;
  const secondsLeft = pins.secondsLeftFor(manager?.staffId ?? null);

  const approve = async (pin: string) => {
    if (!manager) return;
    const result = await pins.attempt(manager.staffId, () =>
      callPos('approveAction', {
        managerId: manager.staffId,
        pin,
        call: request.call,
        args: request.args,
      }),
    );
    if (result?.ok) settleApproval(request.id, true);
  };

  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2 }}
      spacing="lg"
      data-testid="manager-approval"
      data-action={request.action}
    >
      <Stack gap="md">
        <Text size="lg">
          <b>{actionWords[request.action]}</b> needs a manager. Their PIN approves it this once.
        </Text>
        {managers.length > 1 ? (
          <PersonTiles
            people={managers}
            selectedId={managerId}
            label="Manager"
            testIdPrefix="manager-tile"
            onSelect={(staffId) => {
              setManagerId(staffId);
              pins.forgetFailure();
            }}
          />
        ) : null}
        {managers.length === 0 ? <Text c="dimmed">No manager is on the staff list.</Text> : null}
        {manager ? (
          <PinProblem
            failure={pins.failure}
            lockedUntilMs={pins.lockedUntil(manager.staffId)}
            secondsLeft={secondsLeft}
          />
        ) : null}
        <Group>
          <Button
            variant="default"
            size="md"
            data-testid="approval-cancel"
            onClick={() => settleApproval(request.id, false)}
          >
            Cancel
          </Button>
        </Group>
      </Stack>
      {manager ? (
        <Stack gap="sm" align="center">
          <PinForPerson
            person={manager}
            disabled={pins.checking || secondsLeft > 0}
            onSubmit={(pin) => void approve(pin)}
          />
        </Stack>
      ) : (
        <Text c="dimmed" size="lg">
          Tap the manager's name first.
        </Text>
      )}
    </SimpleGrid>
  );
}

import { Alert, Button, Stack, Text } from '@mantine/core';
import { FailureAlert } from '../../errors/failure-alert';
import { callPos } from '../../shell/pos';
import { useTillAction } from '../../shell/use-pos';

/**
 * In place of the ways to pay while the till sells only in a shift and none is open: one line
 * of what is wrong and the one tap that fixes it. Main refuses a sale without a shift anyway.
 */
export function OpenShiftPrompt() {
  const { pending, failure, run } = useTillAction();
  return (
    <Stack gap="sm" data-testid="open-shift-prompt">
      <Alert color="blue" variant="light" title="No shift is open">
        <Text>Every sale belongs to a shift. Open one to start selling.</Text>
      </Alert>
      {failure ? <FailureAlert failure={failure} /> : null}
      <Button
        size="lg"
        h={56}
        loading={pending !== null}
        onClick={() => void run('open', () => callPos('openShift', {}))}
        data-testid="sale-open-shift"
      >
        Open shift
      </Button>
    </Stack>
  );
}

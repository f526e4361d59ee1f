import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { CallFailure } from '../../../shared/ipc/contract-kit';
import { failureWords } from './failure-words';

interface FailureAlertProps {
  failure: CallFailure;
  /** Shown as a Retry button when the next step is to try again. */
  onRetry?: () => void;
  retryLabel?: string;
}

/** A failed call: title, main's own words, the service's msg as it came, and the next step. */
export function FailureAlert({ failure, onRetry, retryLabel = 'Retry' }: FailureAlertProps) {
  const words = failureWords(failure.kind);
  const serviceMessage =
    typeof failure.detail?.serviceMessage === 'string' ? failure.detail.serviceMessage : null;
  return (
    <Alert
      color="red"
      variant="light"
      title={words.title}
      data-testid="error-message"
      data-kind={failure.kind}
      w="100%"
    >
      <Stack gap={6}>
        <Text size="md">{failure.message}</Text>
        {serviceMessage && !failure.message.includes(serviceMessage) ? (
          <Text size="md" data-testid="service-message">
            The service said: “{serviceMessage}”
          </Text>
        ) : null}
        <Text size="md" fw={600} data-testid="next-step">
          {words.nextStep}
        </Text>
        {onRetry ? (
          <Group>
            <Button
              size="md"
              variant="light"
              color="red"
              onClick={onRetry}
              data-testid="error-retry"
            >
              {retryLabel}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}

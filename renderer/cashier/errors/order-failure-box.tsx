import { Alert, Stack, Text } from '@mantine/core';
import type { SaleSnapshot } from '../../../shared/sale/sale-snapshot';
import { failureWords } from './failure-words';

/**
 * Why the sale's last request failed, with what to do next. A refusal of a retry shows the
 * service's own msg as it came (e.g. a duplicate-order complaint): the cashier decides.
 */
export function OrderFailureBox({ sale }: { sale: SaleSnapshot }) {
  const failure = sale.lastFailure;
  if (!failure) return null;
  const words = failureWords(failure.kind);
  const serviceMessage = failure.serviceMessage;
  const retryRefused = sale.state === 'retry-refused';
  const refused = sale.state === 'refused';
  const title = retryRefused
    ? 'The service refused the retry'
    : refused
      ? sale.kind === 'qr'
        ? 'The payment service refused to make a payment code'
        : 'The payment service refused the payment'
      : words.title;
  const nextStep = retryRefused
    ? sale.kind === 'nfc'
      ? "Check the customer's wallet: if it shows the payment done, hold “Customer paid”; otherwise void the order."
      : 'The first request may have gone through. Check with the customer, then void this order; start a new sale only if nothing was paid.'
    : refused
      ? sale.kind === 'qr'
        ? 'No code was made and the customer saw only “One moment, please”. Press “Try again” for the same amount; if it is refused again, ask the customer for another way to pay.'
        : 'Start a new sale; ask the customer for another way to pay if it is refused again.'
      : words.nextStep;
  return (
    <Alert
      color={retryRefused || refused ? 'red' : 'orange'}
      variant="light"
      title={title}
      data-testid="error-message"
      data-kind={failure.kind}
    >
      <Stack gap={6}>
        {serviceMessage ? (
          <Text size="lg" fw={700} data-testid="service-message">
            {serviceMessage}
          </Text>
        ) : null}
        {!retryRefused || !serviceMessage ? <Text size="md">{failure.message}</Text> : null}
        <Text size="md" fw={600} data-testid="next-step">
          {nextStep}
        </Text>
      </Stack>
    </Alert>
  );
}

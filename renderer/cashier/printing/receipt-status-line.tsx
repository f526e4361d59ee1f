import { Alert, Stack, Text } from '@mantine/core';
import type { ReceiptPrintStatus } from '../../../shared/printing/receipt-views';
import { printOutcomeLooks } from './print-outcome-words';

// Its own file: the paid sale's receipt line uses it, and importing it from the receipt dialog
// would bring the dialog and the print preview into the page's first script.
/**
 * Where a print stands, in main's words: one line of what happened and, when there is one, one
 * action. Printing and printed are a plain line; not printed (red) and unknown (yellow: look at
 * the paper first) an alert the cashier cannot miss.
 */
export function ReceiptStatusLine({ status }: { status: ReceiptPrintStatus }) {
  const look = printOutcomeLooks[status.state];
  if (status.state === 'not-printed' || status.state === 'unknown')
    return (
      <Alert
        color={look.color}
        variant="light"
        title={status.message}
        aria-label={look.heading}
        data-testid="receipt-status"
        data-state={status.state}
      >
        {status.action ? <Text fw={600}>{status.action}</Text> : null}
      </Alert>
    );
  return (
    <Stack gap={2} data-testid="receipt-status" data-state={status.state}>
      <Text size="md" c={status.state === 'printed' ? 'green' : undefined} fw={600}>
        {status.message}
      </Text>
      {status.action ? <Text size="md">{status.action}</Text> : null}
    </Stack>
  );
}

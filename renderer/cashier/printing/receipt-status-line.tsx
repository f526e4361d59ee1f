import { Alert, Text } from '@mantine/core';
import type { ReceiptPrintStatus } from '../../../shared/printing/receipt-views';

// Its own file: the paid sale's receipt line uses it, and importing it from the receipt dialog
// would bring the dialog and the print preview into the page's first script.
/** Where a print stands, in main's words: sent (not yet known on paper), or failed and why. */
export function ReceiptStatusLine({ status }: { status: ReceiptPrintStatus }) {
  if (status.state === 'failed')
    return (
      <Alert
        color="red"
        variant="light"
        title="Receipt not printed"
        data-testid="receipt-status"
        data-state={status.state}
      >
        {status.message}
      </Alert>
    );
  return (
    <Text
      size="md"
      c={status.state === 'sent' ? 'green' : undefined}
      fw={600}
      data-testid="receipt-status"
      data-state={status.state}
    >
      {status.message}
    </Text>
  );
}

import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import type { ReceiptPrintStatus } from '../../../shared/printing/receipt-views';
import { FailureAlert } from '../errors/failure-alert';
import { callPos } from '../shell/pos';
import { usePosEvent, useTillAction } from '../shell/use-pos';
import { printOutcomeLooks } from './print-outcome-words';
import { ReceiptStatusLine } from './receipt-status-line';
import { SaveReceiptPdfButton, useReceiptPdf } from './receipt-pdf';

/**
 * Where the latest print of this order stands (the automatic receipt or void slip after an
 * act in the history), from the 'receipt-status' event: printed; not printed with why, "Try
 * again" (one new job, never by itself) and "Save as PDF"; or not known, with "Print again,
 * marked COPY" and "Save as PDF". Nothing while none was asked.
 */
export function OrderPrintStatus({ orderId }: { orderId: string }) {
  const latest = usePosEvent('receipt-status');
  const [answered, setAnswered] = useState<ReceiptPrintStatus | null>(null);
  const { pending, failure, run } = useTillAction();
  const { saved, savePdf } = useReceiptPdf(orderId, run);
  const status =
    [latest, answered]
      .filter((candidate): candidate is ReceiptPrintStatus => candidate?.orderId === orderId)
      .sort((a, b) => a.atMs - b.atMs)
      .at(-1) ?? null;
  if (!status) return null;

  // Not printed: try again as before; unknown: print again, always a COPY (it may be on paper).
  const retry = printOutcomeLooks[status.state].retry;
  const tryAgain = (copy: boolean) =>
    void run('print', async () => {
      const result = await callPos('printReceipt', { orderId, copy });
      if (result.ok) setAnswered(result.value);
      return result;
    });

  return (
    <Stack gap="xs" w="100%" data-testid="order-print-status">
      <ReceiptStatusLine status={status} />
      {saved ? <span data-testid="receipt-pdf-saved">Saved as {saved}.</span> : null}
      {failure ? <FailureAlert failure={failure} /> : null}
      {retry ? (
        <Group gap="sm">
          <Button
            size="md"
            h={48}
            onClick={() => tryAgain(retry.copy === true || status.copy)}
            loading={pending === 'print'}
            data-testid={retry.testId}
          >
            {retry.label}
          </Button>
          <SaveReceiptPdfButton onClick={savePdf} loading={pending === 'pdf'} />
        </Group>
      ) : null}
    </Stack>
  );
}

import { Button, Group, Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import type { ReceiptPrintStatus } from '../../../shared/printing/receipt-views';
import { paidStates } from '../../../shared/sale/sale-states';
import type { SaleSnapshot } from '../../../shared/sale/sale-snapshot';
import { FailureAlert } from '../errors/failure-alert';
import { callPos } from '../shell/pos';
import { usePosEvent, useTillAction } from '../shell/use-pos';
import { printOutcomeLooks } from './print-outcome-words';
import { ReceiptStatusLine } from './receipt-status-line';
import { ReceiptPdfSaved, SaveReceiptPdfButton, useReceiptPdf } from './receipt-pdf';

/**
 * The receipt of the sale just paid (or the slip of one voided), under its outcome: with
 * automatic printing, where the print stands and, when it was not printed, "Try again" (when
 * it is not known, "Print again, marked COPY") and "Save as PDF"; with "ask", a "Print
 * receipt" button; once printed, a copy for the customer on request.
 * Nothing here holds up the next sale: the printer's trouble is only shown.
 */
export function SaleReceipt({ sale }: { sale: SaleSnapshot }) {
  const settings = usePosEvent('settings-changed');
  const latest = usePosEvent('receipt-status');
  const [answered, setAnswered] = useState<ReceiptPrintStatus | null>(null);
  const { pending, failure, run } = useTillAction();
  const { saved, savePdf } = useReceiptPdf(sale.orderId, run);
  const mode = settings?.values.receiptPrinting ?? 'off';
  const paid = paidStates.has(sale.state);
  if (mode === 'off' || !sale.terminal || (!paid && sale.state !== 'voided')) return null;

  // The newest word about this order: the event (automatic print) or a button's own answer.
  const candidates = [latest, answered].filter(
    (status): status is ReceiptPrintStatus => status?.orderId === sale.orderId,
  );
  const status = candidates.sort((a, b) => a.atMs - b.atMs).at(-1) ?? null;
  // Not printed: try again as before; unknown: print again, always a COPY (it may be on paper).
  const retry = status ? printOutcomeLooks[status.state].retry : null;
  const what = paid ? 'receipt' : 'void slip';
  // A void slip is never printed by itself: it is offered, whatever the mode (but off).
  const offered = mode === 'ask' || !paid;

  const print = (copy: boolean) =>
    void run('print', async () => {
      const result = await callPos('printReceipt', { orderId: sale.orderId, copy });
      if (result.ok) setAnswered(result.value);
      return result;
    });

  return (
    <Paper p="sm" radius="md" withBorder data-testid="sale-receipt" data-order={sale.orderId}>
      <Stack gap="xs">
        {status ? <ReceiptStatusLine status={status} /> : null}
        <ReceiptPdfSaved saved={saved} />
        {failure ? <FailureAlert failure={failure} /> : null}
        <Group gap="sm">
          {status === null && offered ? (
            <Button
              size="md"
              h={48}
              onClick={() => print(false)}
              loading={pending === 'print'}
              data-testid="receipt-print"
            >
              Print {what}
            </Button>
          ) : null}
          {status && retry ? (
            <Button
              size="md"
              h={48}
              onClick={() => print(retry.copy === true || status.copy)}
              loading={pending === 'print'}
              data-testid={retry.testId}
            >
              {retry.label}
            </Button>
          ) : null}
          {status?.state === 'printed' ? (
            <Button
              size="md"
              h={48}
              variant="default"
              onClick={() => print(true)}
              loading={pending === 'print'}
              data-testid="receipt-print-copy"
            >
              Print a copy for the customer
            </Button>
          ) : null}
          {status !== null || offered ? (
            <SaveReceiptPdfButton onClick={savePdf} loading={pending === 'pdf'} />
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

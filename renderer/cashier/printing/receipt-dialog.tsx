import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { PrintDocument } from '../../../shared/printing/print-document';
import type { ReceiptPrintStatus } from '../../../shared/printing/receipt-views';
import { FailureAlert } from '../errors/failure-alert';
import { callPos } from '../shell/pos';
import { useTillAction } from '../shell/use-pos';
import { PrintPreview } from './print-preview';
import { ReceiptPdfSaved, SaveReceiptPdfButton, useReceiptPdf } from './receipt-pdf';
import { ReceiptStatusLine } from './receipt-status-line';

export interface ReceiptOrder {
  orderId: string;
  reference: string;
}

/**
 * An order's receipt (or void slip) as it will print, marked COPY, with "Print copy" and
 * "Save as PDF": a reprint from the history. Main marks and logs the reprint.
 */
export function ReceiptDialog({
  order,
  onClose,
}: {
  order: ReceiptOrder | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={order !== null}
      onClose={onClose}
      title={order ? `Receipt of order ${order.reference}` : ''}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close the receipt' }}
      data-testid="receipt-dialog"
    >
      {/* Keyed by order: another order starts with nothing of the last one's. */}
      {order ? <ReceiptDialogBody key={order.orderId} order={order} onClose={onClose} /> : null}
    </Modal>
  );
}

function ReceiptDialogBody({ order, onClose }: { order: ReceiptOrder; onClose: () => void }) {
  const [document, setDocument] = useState<PrintDocument | null>(null);
  const [status, setStatus] = useState<ReceiptPrintStatus | null>(null);
  const loading = useTillAction();
  const acting = useTillAction();
  const { run } = loading;
  const { orderId } = order;

  useEffect(() => {
    void run('preview', async () => {
      const result = await callPos('receiptPreview', { orderId, copy: true });
      if (result.ok) setDocument(result.value);
      return result;
    });
  }, [orderId, run]);

  const print = () =>
    void acting.run('print', async () => {
      const result = await callPos('printReceipt', { orderId, copy: true });
      if (result.ok) setStatus(result.value);
      return result;
    });
  const { saved, savePdf } = useReceiptPdf(orderId, acting.run);

  return (
    <Stack gap="md">
      {loading.failure ? <FailureAlert failure={loading.failure} /> : null}
      {document ? (
        <PrintPreview document={document} />
      ) : loading.pending ? (
        <Text>Loading…</Text>
      ) : null}
      {status ? <ReceiptStatusLine status={status} /> : null}
      <ReceiptPdfSaved saved={saved} />
      {acting.failure ? <FailureAlert failure={acting.failure} /> : null}
      <Group>
        <Button
          size="md"
          h={48}
          onClick={print}
          loading={acting.pending === 'print'}
          disabled={!document}
          data-testid="receipt-print-copy"
        >
          Print copy
        </Button>
        <SaveReceiptPdfButton
          onClick={savePdf}
          loading={acting.pending === 'pdf'}
          disabled={!document}
        />
        <Button size="md" h={48} variant="subtle" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}

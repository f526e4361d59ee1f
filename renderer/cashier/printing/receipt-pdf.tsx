import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { callPos } from '../shell/pos';
import type { useTillAction } from '../shell/use-pos';

type TillRun = ReturnType<typeof useTillAction>['run'];

/**
 * "Save as PDF" of an order's receipt, run as the screen's 'pdf' action: `saved` is the file's
 * name once main saved it (null before, and when the cashier closed the save dialog).
 */
export function useReceiptPdf(orderId: string, run: TillRun) {
  const [saved, setSaved] = useState<string | null>(null);
  const savePdf = () =>
    void run('pdf', async () => {
      const result = await callPos('saveReceiptPdf', { orderId });
      if (result.ok && result.value.saved) setSaved(result.value.fileName ?? 'the file');
      return result;
    });
  return { saved, savePdf };
}

/** The "Save as PDF" button beside a receipt. */
export function SaveReceiptPdfButton({
  onClick,
  loading,
  disabled,
}: {
  onClick: () => void;
  loading: boolean;
  disabled?: boolean;
}) {
  return (
    <Button
      size="md"
      h={48}
      variant="default"
      onClick={onClick}
      loading={loading}
      disabled={disabled}
      data-testid="receipt-save-pdf"
    >
      Save as PDF
    </Button>
  );
}

/** "Saved as <file>." once a receipt's PDF is saved; nothing before. */
export function ReceiptPdfSaved({ saved }: { saved: string | null }) {
  return saved ? (
    <Text c="green" fw={600} data-testid="receipt-pdf-saved">
      Saved as {saved}.
    </Text>
  ) : null;
}

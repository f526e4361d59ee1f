import { Alert, Button, Modal, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { CsvExportResult } from '../../../shared/ipc/views';
import type { PrintDocument } from '../../../shared/printing/print-document';
import type { DocumentPrintResult } from '../../../shared/printing/receipt-views';
import type { OrderLine } from '../../../shared/shifts/shift-report-types';
import type { ShiftReportSource } from '../../../shared/shifts/shift-report-sections';
import type { ZReportSummary } from '../../../shared/shifts/shift-views';
import { FailureAlert } from '../errors/failure-alert';
import { printOutcomeLooks } from '../printing/print-outcome-words';
import { PrintPreview } from '../printing/print-preview';
import { callPos } from '../shell/pos';
import { usePosEvent, useTillAction } from '../shell/use-pos';
import { CurrentShiftPanel } from './current-shift-panel';
import { ShiftReportView } from './shift-report-view';
import { UnresolvedOrders } from './unresolved-orders';
import { useCurrentShift } from './use-current-shift';
import { ZReportList } from './z-report-list';

/** A report's print as main answered it, or its PDF saved. */
type PaperNote = DocumentPrintResult | { state: 'saved'; message: string; action: null };

/** How a Z report left the till, in the manager's words. */
const handedOutWords = { printed: 'printed', pdf: 'saved as PDF', csv: 'saved as CSV' } as const;

/**
 * The shift: open one, see what it has taken so far (X report), close it with its Z report,
 * and every Z report made, each viewable, printed or saved as PDF on the receipt printer's
 * paper (a Z report printed again says REPRINT), saved as CSV (a manager's act) and, the last one,
 * reopened until it is printed or saved (a manager's act: a new shift continues it; the Z
 * report stays as it is). Once printed or saved it is final.
 */
export function ShiftScreen({ timeZone }: { timeZone: string }) {
  const shift = useCurrentShift();
  const tick = usePosEvent('clock-tick');
  const action = useTillAction();
  const [zReports, setZReports] = useState<ZReportSummary[] | null>(null);
  const [shown, setShown] = useState<ShiftReportSource | null>(null);
  const [unresolved, setUnresolved] = useState<OrderLine[] | null>(null);
  const [saved, setSaved] = useState<CsvExportResult | null>(null);
  /** The report's print (printed, not printed, not known) or PDF, in main's words. */
  const [paper, setPaper] = useState<PaperNote | null>(null);
  /** The report as the paper will show it, in a dialog. */
  const [preview, setPreview] = useState<PrintDocument | null>(null);
  const busy = action.pending !== null;
  const { setFailure } = action;

  // Asked again after each close and reopening (a new number in `listed`).
  const [listed, setListed] = useState(0);
  useEffect(() => {
    let live = true;
    void callPos('listZReports', {}).then((result) => {
      if (!live) return;
      if (result.ok) setZReports(result.value);
      else setFailure(result.error);
    });
    return () => {
      live = false;
    };
  }, [listed, setFailure]);
  const loadZReports = () => setListed((n) => n + 1);

  const show = (source: ShiftReportSource | null) => {
    setShown(source);
    setSaved(null);
    setPaper(null);
  };

  const open = async () => {
    const result = await action.run('open', () => callPos('openShift', {}));
    if (result?.ok) show(null);
  };
  const xReport = async () => {
    const result = await action.run('x', () => callPos('xReport', {}));
    // "As of": main's clock, the one the report's sales were stamped with.
    if (result?.ok) show({ zNumber: null, madeAtMs: tick?.nowMs ?? 0, report: result.value });
  };
  const close = async (acknowledgeUnresolved: boolean) => {
    const result = await action.run('close', () =>
      callPos('closeShift', { acknowledgeUnresolved }),
    );
    if (!result) return;
    if (result.ok) {
      setUnresolved(null);
      show(result.value);
      loadZReports();
    } else if (result.error.kind === 'unresolved') {
      // The refusal lists the sales: the open shift's unfinished ones, from its X report.
      const x = await callPos('xReport', {});
      if (x.ok) {
        setUnresolved(x.value.unresolved);
        setFailure(null);
      }
    }
  };
  const viewZ = async (zNumber: number) => {
    const result = await action.run('view', () => callPos('zReport', { zNumber }));
    if (result?.ok && result.value) show(result.value);
  };
  const saveCsv = async (zNumber: number) => {
    setSaved(null);
    const result = await action.run('csv', () => callPos('exportZReportCsv', { zNumber }));
    if (result?.ok) setSaved(result.value);
    // Saved off the till, it is final now: the list says so.
    loadZReports();
  };
  // The report shown: a kept Z report by number, or the open shift's X report (made anew).
  const choice = (source: ShiftReportSource) =>
    source.zNumber === null ? { x: true as const } : { zNumber: source.zNumber };
  const printReport = async (source: ShiftReportSource) => {
    setPaper(null);
    const result = await action.run('print', () => callPos('printShiftReport', choice(source)));
    if (result?.ok) setPaper(result.value);
    loadZReports();
  };
  const previewReport = async (source: ShiftReportSource) => {
    const result = await action.run('preview', () => callPos('shiftReportPreview', choice(source)));
    if (result?.ok) setPreview(result.value);
  };
  const saveReportPdf = async (source: ShiftReportSource) => {
    setPaper(null);
    const result = await action.run('pdf', () => callPos('saveShiftReportPdf', choice(source)));
    loadZReports();
    if (result?.ok)
      setPaper({
        state: 'saved',
        message: result.value.saved
          ? `Saved ${result.value.fileName ?? 'the file'}.`
          : 'Saving cancelled: nothing was saved.',
        action: null,
      });
  };
  const reopen = async (shiftId: number) => {
    const result = await action.run('reopen', () => callPos('reopenShift', { shiftId }));
    if (result?.ok) {
      show(null);
      loadZReports();
    }
  };

  const latestZ = zReports?.[0] ?? null;
  const shownZ = shown?.zNumber ?? null;
  const shownSummary = zReports?.find((summary) => summary.zNumber === shownZ) ?? null;
  const final = shownSummary?.handedOut != null;
  // Only the latest Z report, while no shift is open, and before it left the till.
  const mayReopen = shift === null && shownZ !== null && shownZ === latestZ?.zNumber && !final;

  return (
    <Stack gap="md" maw={1200} mx="auto" data-testid="shift-screen">
      <Title order={1} size="h2">
        Shift
      </Title>
      <CurrentShiftPanel
        // The list of unfinished sales takes over from the "are you sure" once it is shown.
        key={unresolved ? 'unresolved' : 'asking'}
        shift={shift}
        timeZone={timeZone}
        busy={busy}
        onOpen={() => void open()}
        onXReport={() => void xReport()}
        onClose={() => void close(false)}
      />
      {unresolved && shift ? (
        <UnresolvedOrders
          orders={unresolved}
          timeZone={timeZone}
          busy={busy}
          onCloseAnyway={() => void close(true)}
          onKeepOpen={() => setUnresolved(null)}
        />
      ) : null}
      {action.failure ? <FailureAlert failure={action.failure} /> : null}
      {saved ? (
        <Alert color="green" variant="light" data-testid="z-report-csv-result">
          {saved.saved
            ? `Saved ${saved.fileName ?? 'the file'}.`
            : 'Saving cancelled: nothing was saved.'}
        </Alert>
      ) : null}
      {paper ? (
        <Alert
          color={paper.state === 'saved' ? 'green' : printOutcomeLooks[paper.state].color}
          variant="light"
          data-testid="shift-report-paper"
          data-state={paper.state}
        >
          <Text fw={600}>{paper.message}</Text>
          {paper.action ? <Text>{paper.action}</Text> : null}
        </Alert>
      ) : null}
      {shownSummary ? (
        <Text size="sm" data-testid="z-report-final-words">
          {final
            ? `Z report ${shownSummary.zNumber} was ${handedOutWords[shownSummary.handedOut!.how]}: it is final. Record corrections in the next shift.`
            : mayReopen
              ? `Until Z report ${shownSummary.zNumber} is printed or saved, a manager may still reopen shift ${shownSummary.shiftId}.`
              : `Z report ${shownSummary.zNumber} has not been printed or saved yet.`}
        </Text>
      ) : null}
      {shown ? (
        <ShiftReportView
          source={shown}
          timeZone={timeZone}
          final={final}
          actions={
            <>
              <Button
                size="md"
                h={48}
                disabled={busy}
                loading={action.pending === 'print'}
                onClick={() => void printReport(shown)}
                data-testid="shift-report-print"
              >
                Print
              </Button>
              <Button
                size="md"
                h={48}
                variant="default"
                disabled={busy}
                loading={action.pending === 'preview'}
                onClick={() => void previewReport(shown)}
                data-testid="shift-report-preview"
              >
                Preview
              </Button>
              <Button
                size="md"
                h={48}
                variant="default"
                disabled={busy}
                loading={action.pending === 'pdf'}
                onClick={() => void saveReportPdf(shown)}
                data-testid="shift-report-pdf"
              >
                Save as PDF
              </Button>
              {shownZ !== null ? (
                <Button
                  size="md"
                  h={48}
                  variant="default"
                  disabled={busy}
                  onClick={() => void saveCsv(shownZ)}
                  data-testid="z-report-csv"
                >
                  Save as CSV
                </Button>
              ) : null}
              {mayReopen ? (
                <Button
                  size="md"
                  h={48}
                  variant="default"
                  color="orange"
                  disabled={busy}
                  onClick={() => void reopen(shown.report.shiftId)}
                  data-testid="shift-reopen"
                >
                  Reopen shift {shown.report.shiftId}
                </Button>
              ) : null}
              <Button size="md" h={48} variant="default" onClick={() => show(null)}>
                Hide report
              </Button>
            </>
          }
        />
      ) : null}
      <Modal
        opened={preview !== null}
        onClose={() => setPreview(null)}
        title={preview ? `${preview.title}: as it prints` : ''}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close the preview', size: 'lg' }}
      >
        {preview ? <PrintPreview document={preview} /> : null}
      </Modal>
      <ZReportList
        reports={zReports}
        timeZone={timeZone}
        shown={shownZ}
        onView={(zNumber) => void viewZ(zNumber)}
      />
    </Stack>
  );
}

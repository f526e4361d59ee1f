import type { Clock } from '../../shared/clock';
import type { PaperKind, PrintDocument } from '../../shared/printing/print-document';
import type {
  DocumentPrintResult,
  ReceiptPdfResult,
  ReceiptPrintStatus,
} from '../../shared/printing/receipt-views';
import { paidStates, type SaleState } from '../../shared/sale/sale-states';
import type { SaleSnapshot } from '../../shared/sale/sale-snapshot';
import type { ReceiptPrinterSetting, Settings } from '../../shared/settings';
import type { OrderEvent, OrderRecord } from '../journal/order-record';
import type { Logger } from '../logging/logger';
import {
  createPrintQueue,
  type PrintOutcome,
  type PrintQueue,
  type UnconfirmedPrint,
} from './print-queue';
import type { PrinterPort } from './printer-port';
import type { ReceiptFacts } from './receipt-facts';
import { receiptDocument } from './receipt-document';
import { voidedPaymentOf, voidSlipDocument } from './void-slip-document';

const MAX_REMEMBERED_PRINTS = 10_000;
/**
 * The print queue's deadline for one job: longer than the network printer's own job deadline
 * (20 s), so its more precise words ("did not finish it in time: check paper and cover")
 * arrive first; for an OS printer whose spool callback never comes, this is the only deadline.
 */
export const PRINT_JOB_TIMEOUT_MS = 30_000;

/** The printer the settings name, or why there is none and what to do (words about "the receipt"). */
export type PrinterChoice =
  { printer: PrinterPort; name: string } | { unavailable: string; action: string };

export interface ReceiptPrintingParts {
  clock: Clock;
  logger: Logger;
  settings: () => Settings;
  order: (orderId: string) => OrderRecord | null;
  staffName: (staffId: string | null) => string | null;
  /** The order's journal events: a void slip tells a voided payment from an order never paid. */
  events?: (orderId: string) => OrderEvent[];
  /** The queue's deadline per job (PRINT_JOB_TIMEOUT_MS by default). */
  jobTimeoutMs?: number;
  /** Builds the printer for the setting and paper (os-printer, ESC/POS, a test's recorder). */
  printerFor: (setting: ReceiptPrinterSetting, paper: PaperKind) => PrinterChoice;
  /** Asks where to save and writes the PDF; absent where this till cannot (then it says so). */
  savePdf?: (
    document: PrintDocument,
    paper: PaperKind,
    suggestedName: string,
  ) => Promise<ReceiptPdfResult>;
  onStatus: (status: ReceiptPrintStatus) => void;
}

/** A refusal in words for the cashier (no such order, not paid). */
export class ReceiptRefusal extends Error {
  constructor(
    readonly code: 'no-order' | 'no-receipt' | 'no-pdf',
    message: string,
  ) {
    super(message);
    this.name = 'ReceiptRefusal';
  }
}

/**
 * Receipts for the till: the document of an order (a receipt when it was paid, a void slip
 * when it was voided), printing it on the printer the settings name, "Save as PDF", and the
 * automatic receipt after a payment. Printing never touches the sale: it starts after the
 * journal has the payment, is never awaited by the sale, and a printer problem only becomes
 * a status the cashier sees, with "Try again" and "Save as PDF". Nothing is retried by itself.
 */
export class ReceiptPrinting {
  /**
   * The documents (an order's receipt, or its void slip) whose original may be on paper in
   * this run: printed, unknown, or on its way. Any later print of one is a COPY, whatever the
   * page asks; an original that ended "not printed" is forgotten again.
   */
  private readonly originals = new Set<string>();
  /** The state the sale on screen was last seen in, to notice the moment it becomes paid. */
  private lastSeen: { orderId: string; state: SaleState } | null = null;
  /** Every print goes through it: one job at a time per printer, a deadline, no retry. */
  private readonly queue: PrintQueue;
  /** The caller of each job in the queue, told its outcome. */
  private readonly waiting = new Map<string, (outcome: PrintOutcome) => void>();
  private nextJob = 0;

  constructor(private readonly parts: ReceiptPrintingParts) {
    this.queue = createPrintQueue({
      clock: parts.clock,
      timeoutMs: parts.jobTimeoutMs ?? PRINT_JOB_TIMEOUT_MS,
      logger: parts.logger,
      onOutcome: (outcome) => this.waiting.get(outcome.jobId)?.(outcome),
    });
  }

  /**
   * Puts one job in the queue; `onOutcome` hears each of its outcomes (printing, then printed,
   * not printed or unknown, and a late "printed" after a timeout). Resolves with the first
   * final one.
   */
  private enqueue(
    document: PrintDocument,
    printer: PrinterPort,
    onOutcome: (outcome: PrintOutcome) => void,
  ): Promise<Exclude<PrintOutcome, { status: 'printing' }>> {
    this.nextJob += 1;
    const id = `print-${this.nextJob}`;
    return new Promise((resolve) => {
      let settled = false;
      this.waiting.set(id, (outcome) => {
        onOutcome(outcome);
        if (outcome.status === 'printing') return;
        if (!settled) {
          settled = true;
          resolve(outcome);
        }
        // A job unknown by timeout may still be confirmed late: keep listening then.
        if (outcome.status === 'printed' || outcome.kind !== 'timeout') this.waiting.delete(id);
      });
      this.queue.enqueue({ id, document, printer });
    });
  }

  /** The document for an order, as it would print now. */
  document(orderId: string, copy: boolean): PrintDocument {
    const order = this.parts.order(orderId);
    if (!order) throw new ReceiptRefusal('no-order', 'There is no such order in this till.');
    const values = this.parts.settings();
    const facts: ReceiptFacts = {
      order,
      shop: {
        name: values.shopName,
        address: values.shopAddress,
        taxId: values.shopTaxId,
        footer: values.receiptFooter,
        timeZone: values.reportTimeZone,
      },
      cashierName: this.parts.staffName(order.cashierId),
      copy,
    };
    if (order.state === 'voided' && this.parts.events) {
      const voided = voidedPaymentOf(this.parts.events(orderId));
      if (voided)
        facts.voidedPayment = {
          atMs: voided.atMs,
          byName: this.parts.staffName(voided.actorId),
          reason: voided.detail.note ?? null,
        };
    }
    if (paidStates.has(order.state)) return receiptDocument(facts);
    if (order.state === 'voided') return voidSlipDocument(facts);
    throw new ReceiptRefusal(
      'no-receipt',
      `Order ${order.reference} was not paid, so it has no receipt.`,
    );
  }

  /** Prints an order's receipt (or void slip); resolves with where it stands, never rejects for a printer. */
  async print(orderId: string, askedCopy: boolean): Promise<ReceiptPrintStatus> {
    const key = this.keyOf(orderId);
    const copy = askedCopy || this.originals.has(key);
    const document = this.document(orderId, copy);
    const reference = this.parts.order(orderId)?.reference ?? '';
    const { receiptPrinter, receiptPaper } = this.parts.settings();
    const what = document.kind === 'void-slip' ? 'void slip' : 'receipt';
    const status = (
      state: ReceiptPrintStatus['state'],
      message: string,
      action: string | null = null,
    ): ReceiptPrintStatus => {
      const value: ReceiptPrintStatus = {
        orderId,
        reference,
        state,
        document: document.kind,
        copy,
        message,
        action,
        atMs: this.parts.clock.now(),
      };
      this.parts.onStatus(value);
      return value;
    };
    const choice = this.parts.printerFor(receiptPrinter, receiptPaper);
    if ('unavailable' in choice)
      return status(
        'not-printed',
        `The ${what} was not printed: ${choice.unavailable}`,
        choice.action.replace('the receipt', `the ${what}`),
      );
    this.parts.logger.info('receipt print', { orderId, copy, kind: document.kind });
    // An original on its way: a print asked meanwhile is a COPY, since this one may print.
    if (!copy) this.remember(key);
    let last: ReceiptPrintStatus | null = null;
    const outcome = await this.enqueue(document, choice.printer, (step) => {
      if (step.status === 'printing')
        last = status('printing', `Printing the ${what} on ${choice.name}…`);
      else if (step.status === 'printed')
        last = step.late
          ? status(
              'printed',
              `The ${what} did print after all, on ${choice.name}.`,
              'Do not print it again.',
            )
          : status('printed', `The ${what} was printed on ${choice.name}.`);
      else {
        // Nothing reached the printer: the next print may be the original again.
        if (step.status === 'not-printed' && !copy) this.originals.delete(key);
        last = status(step.status, unconfirmedWords(what, step), step.action);
      }
    });
    // The first final outcome is the answer (a late confirmation comes later, as an event).
    return last ?? status(outcome.status, `The ${what} print ended: ${outcome.status}.`);
  }

  /** The key a print of this order is remembered by: its receipt and its void slip apart. */
  private keyOf(orderId: string): string {
    return `${this.parts.order(orderId)?.state === 'voided' ? 'void-slip' : 'receipt'}:${orderId}`;
  }

  /**
   * Prints a document that belongs to no order (an X or Z report) on the receipt printer,
   * through the same queue; resolves with where it ended, in words, never rejects.
   */
  async printDocument(document: PrintDocument, what: string): Promise<DocumentPrintResult> {
    const { receiptPrinter, receiptPaper } = this.parts.settings();
    const choice = this.parts.printerFor(receiptPrinter, receiptPaper);
    if ('unavailable' in choice)
      return {
        state: 'not-printed',
        message: `The ${what} was not printed: ${choice.unavailable}`,
        action: choice.action.replace('the receipt', `the ${what}`),
      };
    this.parts.logger.info('document print', { kind: document.kind });
    const outcome = await this.enqueue(document, choice.printer, () => undefined);
    return outcome.status === 'printed'
      ? { state: 'printed', message: `The ${what} was printed on ${choice.name}.`, action: null }
      : {
          state: outcome.status,
          message: unconfirmedWords(what, outcome),
          action: outcome.action,
        };
  }

  /** The PDF saved on the paper the settings name, its file named after the document's title. */
  private pdfOf(
    document: PrintDocument,
    savePdf: NonNullable<ReceiptPrintingParts['savePdf']>,
  ): Promise<ReceiptPdfResult> {
    const name = `${document.title.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
    return savePdf(document, this.parts.settings().receiptPaper, name);
  }

  /** "Save as PDF" of a document that belongs to no order, on the paper the settings name. */
  async saveDocumentPdf(document: PrintDocument): Promise<ReceiptPdfResult> {
    if (!this.parts.savePdf)
      throw new ReceiptRefusal('no-pdf', 'This till cannot save a document as PDF.');
    return this.pdfOf(document, this.parts.savePdf);
  }

  /**
   * An order paid after all or voided from the history (not the sale screen, which tells
   * `saleChanged`): with automatic printing on, its receipt or void slip prints now. Never
   * throws and never waits.
   */
  historyChanged(orderId: string): void {
    if (this.lastSeen?.orderId === orderId) return;
    if (this.parts.settings().receiptPrinting !== 'automatic') return;
    void this.print(orderId, false).catch((error: unknown) => {
      this.parts.logger.warn('automatic print from the history failed', {
        orderId,
        error: error instanceof Error ? error.message : String(error),
      });
    });
  }

  /** Bounded: a long-running till forgets its oldest prints (a reprint from history is a COPY anyway). */
  private remember(key: string): void {
    this.originals.add(key);
    if (this.originals.size > MAX_REMEMBERED_PRINTS) {
      const oldest = this.originals.values().next().value;
      if (oldest !== undefined) this.originals.delete(oldest);
    }
  }

  /** "Save as PDF" of an order's receipt, on the paper the settings name. */
  async savePdf(orderId: string): Promise<ReceiptPdfResult> {
    if (!this.parts.savePdf)
      throw new ReceiptRefusal('no-pdf', 'This till cannot save a receipt as PDF.');
    const copy = this.originals.has(this.keyOf(orderId));
    const document = this.document(orderId, copy);
    return this.pdfOf(document, this.parts.savePdf);
  }

  /**
   * Told every change of the sale on screen: the moment it becomes paid, with automatic
   * printing on, its receipt starts printing. Never throws and never waits: the sale goes on.
   */
  saleChanged(snapshot: SaleSnapshot | null): void {
    const previous = this.lastSeen;
    this.lastSeen = snapshot ? { orderId: snapshot.orderId, state: snapshot.state } : null;
    if (!snapshot || !paidStates.has(snapshot.state)) return;
    // Seen unpaid before: a payment now, not a paid sale brought back at start or shown again.
    const becamePaid = previous?.orderId === snapshot.orderId && !paidStates.has(previous.state);
    if (!becamePaid || this.parts.settings().receiptPrinting !== 'automatic') return;
    void this.print(snapshot.orderId, false).catch((error: unknown) => {
      this.parts.logger.warn('automatic receipt failed', {
        orderId: snapshot.orderId,
        error: error instanceof Error ? error.message : String(error),
      });
    });
  }
}

/** One line of what happened to a print that was not confirmed: not printed, or not known. */
function unconfirmedWords(what: string, outcome: UnconfirmedPrint): string {
  return outcome.status === 'not-printed'
    ? `The ${what} was not printed: ${outcome.message}`
    : `Not known whether the ${what} printed: ${outcome.message}`;
}

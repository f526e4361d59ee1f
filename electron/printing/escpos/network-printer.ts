/**
 * A receipt printer on the shop's network, spoken to in ESC/POS over a raw TCP port: the
 * PrinterPort the print queue sends receipts to when the till's printer is a network one.
 * `print` resolves only when the printer confirmed the job (printer-connection.ts).
 */
import { systemClock, type Clock } from '../../../shared/clock';
import type { PrintDocument } from '../../../shared/printing/print-document';
import { checkPrinterAddress, defaultPrinterPort } from '../../../shared/printing/printer-address';
import { silentLogger, type Logger } from '../../logging/logger';
import { PrintFailure } from '../print-failure';
import type { PrinterPort } from '../printer-port';
import { renderEscPos, type RollPaper } from './escpos-renderer';
import { sendToPrinter, type PrinterTarget } from './printer-connection';

export interface NetworkPrinterOptions {
  /** A plain IP address or host name, as `checkPrinterAddress` accepts it. */
  host: string;
  /** Default 9100, the raw printing port. */
  port?: number;
  paper: RollPaper;
  /** Default 5 s. */
  connectTimeoutMs?: number;
  /**
   * The whole job, from connecting to the printer's status answer after it; default 20 s. Keep
   * it under the print queue's timeout.
   */
  jobTimeoutMs?: number;
  /** Ask the paper sensor (DLE EOT 4) before each job; default true. */
  askPaperStatus?: boolean;
  /**
   * How long to wait for that answer before printing anyway; default 500 ms. (The status after
   * the job, DLE EOT 2, is awaited until the job's deadline: without it the job is unconfirmed.)
   */
  statusTimeoutMs?: number;
  clock?: Clock;
  logger?: Logger;
}

export function createNetworkPrinter(options: NetworkPrinterOptions): PrinterPort {
  const port = options.port ?? defaultPrinterPort;
  const address = checkPrinterAddress(
    options.host.includes(':') ? `[${options.host}]:${port}` : `${options.host}:${port}`,
  );
  const target: PrinterTarget | undefined = address.ok
    ? {
        host: address.host,
        port: address.port,
        connectTimeoutMs: options.connectTimeoutMs ?? 5_000,
        jobTimeoutMs: options.jobTimeoutMs ?? 20_000,
        askPaperStatus: options.askPaperStatus ?? true,
        statusTimeoutMs: options.statusTimeoutMs ?? 500,
        clock: options.clock ?? systemClock,
        logger: options.logger ?? silentLogger,
      }
    : undefined;
  return {
    async print(document: PrintDocument): Promise<void> {
      if (!target) {
        throw new PrintFailure(
          'printer-error',
          "The printer's address in Settings is not valid.",
          address.ok ? undefined : address.reason,
          { action: 'A manager enters its IP address or name, and its port, in Settings.' },
        );
      }
      let bytes: Uint8Array;
      try {
        bytes = renderEscPos(document, options.paper);
      } catch (error) {
        throw new PrintFailure(
          'printer-error',
          'This document could not be prepared for the receipt printer.',
          error instanceof Error ? error.message : String(error),
          { action: 'Save it as PDF instead.' },
        );
      }
      await sendToPrinter(target, bytes);
    },
  };
}

/**
 * One job to a raw network printer (ESC/POS over TCP, port 9100 by custom): connect, ask the
 * paper sensor, write the bytes as fast as the printer takes them, half-close, and wait for
 * the printer to close its side. That close is the only sign a raw port gives that the printer
 * read the whole job (the same wait as CUPS's socket backend): bytes handed to the operating
 * system are not bytes printed, and a printer that accepts a connection and then never reads
 * would otherwise look like a success.
 */
import net from 'node:net';
import type { Clock } from '../../../shared/clock';
import { defaultPrinterPort } from '../../../shared/printing/printer-address';
import type { Logger } from '../../logging/logger';
import type { PrintFailure, PrintFailureKind } from '../print-failure';
import { networkFailure, socketErrorKind } from './network-faults';
import { paperStatusRequest, readPaperStatus } from './paper-status';

export interface PrinterTarget {
  host: string;
  port: number;
  connectTimeoutMs: number;
  /** The whole job, from connecting to the printer's close. */
  jobTimeoutMs: number;
  askPaperStatus: boolean;
  statusTimeoutMs: number;
  clock: Clock;
  logger: Logger;
}

/** Written in pieces so a slow printer's back-pressure is honoured piece by piece. */
const chunkBytes = 4096;

type Stage = 'connecting' | 'asking-paper' | 'sending' | 'finishing';

/** "192.168.1.50", "printer.local:9101", "[fe80::1]:9101": how the cashier's words name it. */
export function printerName(host: string, port: number): string {
  if (port === defaultPrinterPort) return host;
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

export function sendToPrinter(target: PrinterTarget, bytes: Uint8Array): Promise<void> {
  const { clock, logger } = target;
  const printerAt = printerName(target.host, target.port);
  const startedAt = clock.now();
  return new Promise<void>((resolve, reject) => {
    let stage: Stage = 'connecting';
    let settled = false;
    let handedOver = 0;
    const cancelTimers: (() => void)[] = [];
    const socket = net.connect({ host: target.host, port: target.port });

    const settle = (failure?: PrintFailure) => {
      if (settled) return;
      settled = true;
      for (const cancel of cancelTimers) cancel();
      socket.destroy();
      const fields = { printer: printerAt, bytes: bytes.length, ms: clock.now() - startedAt };
      if (failure) {
        logger.warn('network printer job failed', {
          ...fields,
          kind: failure.kind,
          detail: failure.detail,
          stage,
          handedOver,
        });
        reject(failure);
      } else {
        logger.info('network printer job done', fields);
        resolve();
      }
    };
    const fail = (kind: PrintFailureKind, detail: string) =>
      settle(networkFailure(kind, printerAt, detail));

    cancelTimers.push(
      clock.at(startedAt + target.connectTimeoutMs, () => {
        if (stage === 'connecting')
          fail('unreachable', `no connection in ${target.connectTimeoutMs} ms`);
      }),
      clock.at(startedAt + target.jobTimeoutMs, () =>
        fail(
          stage === 'connecting' ? 'unreachable' : 'stalled',
          `not finished in ${target.jobTimeoutMs} ms while ${stage}`,
        ),
      ),
    );

    const sendJob = async () => {
      stage = 'sending';
      for (let offset = 0; offset < bytes.length; offset += chunkBytes) {
        if (settled) return;
        const piece = bytes.subarray(offset, offset + chunkBytes);
        const flushed = socket.write(piece);
        handedOver += piece.length;
        if (!flushed) await drainedOrClosed(socket);
      }
      if (settled) return;
      stage = 'finishing';
      socket.end();
    };

    const readStatus = (chunk: Buffer) => {
      for (const byte of chunk) {
        const status = readPaperStatus(byte);
        if (status === undefined) continue;
        if (status === 'out') return fail('paper-out', 'the paper end sensor is set');
        if (status === 'near-end')
          logger.warn('printer paper is near its end', { printer: printerAt });
        return void sendJob();
      }
    };

    socket.on('connect', () => {
      if (settled) return;
      if (!target.askPaperStatus) return void sendJob();
      stage = 'asking-paper';
      socket.write(paperStatusRequest);
      cancelTimers.push(
        clock.at(clock.now() + target.statusTimeoutMs, () => {
          // Not every printer answers DLE EOT; silence is no reason not to print.
          if (stage === 'asking-paper' && !settled) void sendJob();
        }),
      );
    });
    socket.on('data', (chunk: Buffer) => {
      // Other bytes (automatic status a printer sends unasked) are read and ignored.
      if (stage === 'asking-paper') readStatus(chunk);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      const at = stage === 'connecting' ? 'connecting' : 'connected';
      fail(socketErrorKind(error.code, at), error.code ?? error.message);
    });
    socket.on('end', () => {
      // The printer closed its side: after our own end it has read everything, before it the
      // job was cut short.
      if (stage === 'finishing') settle();
      else fail('closed', `the printer hung up while ${stage}`);
    });
    socket.on('close', () => {
      if (stage === 'finishing') settle();
      else fail('closed', `the connection closed while ${stage}`);
    });
  });
}

function drainedOrClosed(socket: net.Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      socket.off('drain', done);
      socket.off('close', done);
      resolve();
    };
    socket.on('drain', done);
    socket.on('close', done);
  });
}

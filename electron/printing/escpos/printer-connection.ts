/**
 * One job to a raw network printer (ESC/POS over TCP, port 9100 by custom): connect, ask the
 * paper sensor, write the bytes as fast as the printer takes them, ask the printer's real-time
 * status after the last byte, half-close, and wait for that answer. The answer is the only
 * sign a raw port gives that the printer took the whole job (a real-time question is answered
 * when it reaches the printer, after every byte before it) and is not stopped: bytes handed to
 * the operating system are not bytes printed, and a printer's close says nothing of how much
 * it read (one that read 203 of 803 bytes closes just the same).
 *
 * The outcome is one of three: printed (every byte written and a sane status answer), not
 * printed (nothing of the job was handed over: the printer cannot hold any of it), or unknown
 * (some or all of it was handed over and the printer did not confirm it: closed, reset,
 * stopped reading, stopped at the paper end, never answered).
 */
import net from 'node:net';
import type { Clock } from '../../../shared/clock';
import { defaultPrinterPort } from '../../../shared/printing/printer-address';
import type { Logger } from '../../logging/logger';
import type { PrintFailure, PrintFailureKind } from '../print-failure';
import { networkFailure, socketErrorKind } from './network-faults';
import {
  isStatusAnswer,
  offlineStatusRequest,
  paperStatusRequest,
  readOfflineStatus,
  readPaperStatus,
} from './paper-status';

export interface PrinterTarget {
  host: string;
  port: number;
  connectTimeoutMs: number;
  /** The whole job, from connecting to the printer's status answer after it. */
  jobTimeoutMs: number;
  askPaperStatus: boolean;
  statusTimeoutMs: number;
  clock: Clock;
  logger: Logger;
}

/** Written in pieces so a slow printer's back-pressure is honoured piece by piece. */
const chunkBytes = 4096;

type Stage = 'connecting' | 'asking-paper' | 'sending' | 'confirming';

/** "192.168.1.50", "printer.local:9101", "[fe80::1]:9101": how the cashier's words name it. */
export function printerName(host: string, port: number): string {
  if (port === defaultPrinterPort) return host;
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** Resolves when the printer confirmed the job; rejects with a PrintFailure saying how far it got. */
export function sendToPrinter(target: PrinterTarget, bytes: Uint8Array): Promise<void> {
  const { clock, logger } = target;
  const printerAt = printerName(target.host, target.port);
  const startedAt = clock.now();
  return new Promise<void>((resolve, reject) => {
    let stage: Stage = 'connecting';
    let settled = false;
    let handedOver = 0;
    /** Status answers read so far, and the count at which the job's own answer has come. */
    let answers = 0;
    let jobAnswerAt = Infinity;
    const cancelTimers: (() => void)[] = [];
    const socket = net.connect({ host: target.host, port: target.port });

    const settle = (failure?: PrintFailure) => {
      if (settled) return;
      settled = true;
      for (const cancel of cancelTimers) cancel();
      socket.destroy();
      const fields = { printer: printerAt, bytes: bytes.length, ms: clock.now() - startedAt };
      if (failure) {
        logger.warn('network printer job not confirmed', {
          ...fields,
          kind: failure.kind,
          outcome: failure.outcome,
          detail: failure.detail,
          stage,
          handedOver,
        });
        reject(failure);
      } else {
        logger.info('network printer job printed', fields);
        resolve();
      }
    };
    // Once a byte of the job was handed over, the printer may hold it: never "not printed".
    const fail = (kind: PrintFailureKind, detail: string) =>
      settle(networkFailure(kind, handedOver === 0 ? 'not-printed' : 'unknown', printerAt, detail));

    cancelTimers.push(
      clock.at(startedAt + target.connectTimeoutMs, () => {
        if (stage === 'connecting')
          fail('unreachable', `no connection in ${target.connectTimeoutMs} ms`);
      }),
      clock.at(startedAt + target.jobTimeoutMs, () =>
        fail(
          stage === 'connecting'
            ? 'unreachable'
            : stage === 'confirming'
              ? 'unconfirmed'
              : 'stalled',
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
      stage = 'confirming';
      // The paper question still unanswered may yet be answered, and its answer must never
      // pass for the job's: then ask twice and take the second answer, which is always one
      // to a question after the job (the paper's, if it comes, is the first).
      const paperPending = target.askPaperStatus && answers === 0;
      jobAnswerAt = answers + (paperPending ? 2 : 1);
      socket.write(paperPending ? twice(offlineStatusRequest) : offlineStatusRequest);
      socket.end();
    };

    const readPaper = (byte: number) => {
      const status = readPaperStatus(byte);
      if (status === 'out') return fail('paper-out', 'the paper end sensor is set');
      if (status === 'near-end')
        logger.warn('printer paper is near its end', { printer: printerAt });
      void sendJob();
    };

    const readConfirmation = (byte: number) => {
      switch (readOfflineStatus(byte)) {
        case 'ready':
          return settle();
        case 'paper-end':
          return fail('paper-out', 'the printer stopped at the paper end');
        case 'cover-open':
          return fail('cover-open', 'the cover is open');
        default:
          return fail('printer-error', `the printer reports an error (status ${byte})`);
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
      // Other bytes (automatic status a printer sends unasked) are read and ignored; a late
      // answer to the paper question is counted, so it is never taken for the job's answer.
      for (const byte of chunk) {
        if (!isStatusAnswer(byte)) continue;
        answers += 1;
        // The paper answer is the first; bytes after it in the same read came before the job.
        if (stage === 'asking-paper') return readPaper(byte);
        if (answers >= jobAnswerAt) return readConfirmation(byte);
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      const at = stage === 'connecting' ? 'connecting' : 'connected';
      fail(socketErrorKind(error.code, at), error.code ?? error.message);
    });
    // The printer's close, before or after the till's end, is no sign it read the job.
    socket.on('end', () => fail('closed', `the printer hung up while ${stage}`));
    socket.on('close', () => fail('closed', `the connection closed while ${stage}`));
  });
}

function twice(bytes: Uint8Array): Uint8Array {
  return Uint8Array.from([...bytes, ...bytes]);
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

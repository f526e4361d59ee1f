import { describe, expect, it } from 'vitest';
import {
  networkFailure,
  socketErrorKind,
  type JobStage,
} from '../../../electron/printing/escpos/network-faults';
import { printerName } from '../../../electron/printing/escpos/printer-connection';
import {
  isStatusAnswer,
  offlineStatusRequest,
  paperStatusRequest,
  readOfflineStatus,
  readPaperStatus,
} from '../../../electron/printing/escpos/paper-status';
import {
  checkPaperAction,
  PrintFailure,
  type PrintFailureKind,
} from '../../../electron/printing/print-failure';

describe('network printer faults', () => {
  it.each([
    ['ECONNREFUSED', 'connecting', 'refused'],
    ['ENOTFOUND', 'connecting', 'not-found'],
    ['EHOSTUNREACH', 'connecting', 'unreachable'],
    ['ENETUNREACH', 'connecting', 'unreachable'],
    ['ETIMEDOUT', 'connecting', 'unreachable'],
    ['ECONNRESET', 'connected', 'closed'],
    ['EPIPE', 'connected', 'closed'],
    ['ETIMEDOUT', 'connected', 'closed'],
    [undefined, 'connecting', 'unreachable'],
  ] as const)('%s while %s is %s', (code, stage, kind) => {
    expect(socketErrorKind(code, stage)).toBe(kind);
  });

  // Refused and not found name the address, whenever they come; every other code depends on
  // whether the printer had taken the connection.
  it.each([
    ['ECONNREFUSED', 'refused', 'refused'],
    ['ENOTFOUND', 'not-found', 'not-found'],
    ['EAI_NONAME', 'not-found', 'not-found'],
    ['EAI_NODATA', 'not-found', 'not-found'],
    ['EHOSTUNREACH', 'unreachable', 'closed'],
    ['ENETUNREACH', 'unreachable', 'closed'],
    ['EHOSTDOWN', 'unreachable', 'closed'],
    ['ENETDOWN', 'unreachable', 'closed'],
    ['ETIMEDOUT', 'unreachable', 'closed'],
    ['EAI_AGAIN', 'unreachable', 'closed'],
    ['EADDRNOTAVAIL', 'unreachable', 'closed'],
    ['ECONNRESET', 'unreachable', 'closed'],
    ['EPIPE', 'unreachable', 'closed'],
    ['ECONNABORTED', 'unreachable', 'closed'],
    [undefined, 'unreachable', 'closed'],
    ['', 'unreachable', 'closed'],
  ] as const)('%s is %s while connecting and %s once connected', (code, connecting, connected) => {
    expect(socketErrorKind(code, 'connecting')).toBe(connecting);
    expect(socketErrorKind(code, 'connected')).toBe(connected);
  });

  it.each([
    ['econnrefused', 'a code in small letters'],
    ['ECONNREFUSED ', 'a space after the code'],
    ['ECONNREFUSEDX', 'a letter after the code'],
    ['XECONNREFUSED', 'a letter before the code'],
    ['enotfound', 'a code in small letters'],
    ['ENOTFOUND ', 'a space after the code'],
    ['EAI_NONAME2', 'a digit after the code'],
    [' EAI_NODATA', 'a space before the code'],
  ] as const)('reads %j (%s) as no code it knows', (code, _why) => {
    expect(socketErrorKind(code, 'connecting')).toBe('unreachable');
    expect(socketErrorKind(code, 'connected')).toBe('closed');
  });

  it('names the printer by its address, with the port only when it is not 9100', () => {
    expect(printerName('192.168.1.50', 9100)).toBe('192.168.1.50');
    expect(printerName('printer.local', 9101)).toBe('printer.local:9101');
    expect(printerName('fe80::1', 9101)).toBe('[fe80::1]:9101');
  });

  it('shows the port on either side of 9100, and an IPv6 address on 9100 bare', () => {
    expect(printerName('192.168.1.50', 9099)).toBe('192.168.1.50:9099');
    expect(printerName('192.168.1.50', 9101)).toBe('192.168.1.50:9101');
    expect(printerName('fe80::1', 9099)).toBe('[fe80::1]:9099');
    expect(printerName('fe80::1', 9100)).toBe('fe80::1');
    expect(printerName('printer.local', 9100)).toBe('printer.local');
  });
});

describe('the words of a network printer failure', () => {
  const at = 'printer.local:9101';
  const checkPaper = 'Check the paper before you print again: a new print says COPY.';

  // Nothing of the job reached the printer: what happened, and how to try again.
  it.each([
    [
      'refused',
      'The printer at printer.local:9101 refused the connection.',
      "Check the printer's address and port in Settings (usually 9100) and that the printer is on, then try again.",
    ],
    [
      'unreachable',
      'The printer at printer.local:9101 does not answer.',
      'Check it is on and on the network, then try again.',
    ],
    [
      'not-found',
      'No printer named printer.local:9101 was found on the network.',
      "Check the printer's address in Settings, then try again.",
    ],
    [
      'paper-out',
      'The printer at printer.local:9101 is out of paper.',
      'Put in a new roll, then try again.',
    ],
    [
      'closed',
      'The printer at printer.local:9101 hung up before anything was sent.',
      'Check it is on and ready, then try again.',
    ],
    [
      'stalled',
      'The printer at printer.local:9101 did not take the job in time, and nothing was sent.',
      'Check it is on and ready, then try again.',
    ],
    [
      'printer-error',
      'The printer at printer.local:9101 reported a problem.',
      'Check it, then try again.',
    ],
    [
      'cover-open',
      'The printer at printer.local:9101 reported a problem.',
      'Check it, then try again.',
    ],
    [
      'unconfirmed',
      'The printer at printer.local:9101 reported a problem.',
      'Check it, then try again.',
    ],
    [
      'timeout',
      'The printer at printer.local:9101 reported a problem.',
      'Check it, then try again.',
    ],
    ['busy', 'The printer at printer.local:9101 reported a problem.', 'Check it, then try again.'],
  ] as const)('says %s, not printed, as the cashier reads it', (kind, message, action) => {
    const failure = networkFailure(kind, 'not-printed', at, 'ECODE');

    expect(failure).toBeInstanceOf(PrintFailure);
    expect(failure.name).toBe('PrintFailure');
    expect(failure.kind).toBe(kind);
    expect(failure.outcome).toBe('not-printed');
    expect(failure.message).toBe(message);
    expect(failure.action).toBe(action);
    expect(failure.detail).toBe('ECODE');
  });

  // Some or all of it may be on paper: what happened, and look before printing again.
  it.each([
    [
      'closed',
      'The printer at printer.local:9101 hung up before confirming it printed.',
      checkPaper,
    ],
    ['stalled', 'The printer at printer.local:9101 stopped reading part way through.', checkPaper],
    [
      'paper-out',
      'The printer at printer.local:9101 ran out of paper part way through.',
      'Put in a new roll and check the paper before you print again: a new print says COPY.',
    ],
    [
      'cover-open',
      'The printer at printer.local:9101 says its cover is open.',
      'Close the cover and check the paper before you print again: a new print says COPY.',
    ],
    ['printer-error', 'The printer at printer.local:9101 reports an error.', checkPaper],
    ['unconfirmed', 'The printer at printer.local:9101 did not confirm it printed.', checkPaper],
    ['refused', 'The printer at printer.local:9101 did not confirm it printed.', checkPaper],
    ['timeout', 'The printer at printer.local:9101 did not confirm it printed.', checkPaper],
  ] as const)('says %s, unknown, as the cashier reads it', (kind, message, action) => {
    const failure = networkFailure(kind, 'unknown', at, 'ECODE');

    expect(failure.kind).toBe(kind);
    expect(failure.outcome).toBe('unknown');
    expect(failure.message).toBe(message);
    expect(failure.action).toBe(action);
    expect(failure.detail).toBe('ECODE');
  });

  it('names the printer as it is given, and keeps no detail when there is none', () => {
    const failure = networkFailure('unreachable', 'not-printed', '192.168.1.50');

    expect(failure.message).toBe('The printer at 192.168.1.50 does not answer.');
    expect(failure.detail).toBeUndefined();
  });

  it('gives every kind a stage can produce its own words', () => {
    const stages: JobStage[] = ['connecting', 'connected'];
    const codes = ['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ECONNRESET', undefined] as const;
    const kinds = new Set<PrintFailureKind>(
      stages.flatMap((stage) => codes.map((code) => socketErrorKind(code, stage))),
    );

    expect([...kinds].sort()).toEqual(['closed', 'not-found', 'refused', 'unreachable']);
    for (const kind of kinds) {
      expect(networkFailure(kind, 'not-printed', at).message).not.toMatch(/reported a problem/);
    }
  });
});

describe('a print failure of its own', () => {
  it('is not printed unless told otherwise, and says what to do by its outcome', () => {
    const plain = new PrintFailure('printer-error', 'It broke.');
    expect(plain.outcome).toBe('not-printed');
    expect(plain.action).toBe('Check the printer, then try again.');
    const unknown = new PrintFailure('printer-error', 'It broke.', 'x', { outcome: 'unknown' });
    expect(unknown.action).toBe(checkPaperAction);
    const told = new PrintFailure('printer-error', 'It broke.', 'x', { action: 'Call IT.' });
    expect(told.action).toBe('Call IT.');
  });
});

describe('the paper sensor answer (DLE EOT 4)', () => {
  it('asks with DLE EOT 4, the three bytes 0x10 0x04 0x04', () => {
    expect([...paperStatusRequest]).toEqual([0x10, 0x04, 0x04]);
  });

  it.each([
    [0x12, 'ok'],
    [0x1e, 'near-end'],
    [0x72, 'out'],
    [0x7e, 'out'],
    [0x00, undefined],
    [0xff, undefined],
    [0x13, undefined],
  ])('reads 0x%s as %s', (byte, status) => {
    expect(readPaperStatus(byte)).toBe(status);
  });

  // Every bit, set and clear, from an answer that says "paper present" (0x12) and from one
  // that says "out" (0x72): bits 1 and 4 must be set and bits 0 and 7 clear for it to be an
  // answer at all; bits 2-3 (near end) and 5-6 (paper end) count only as a pair.
  it.each([
    ['bit 0 set', 0x13, undefined, 0x73, undefined],
    ['bit 1 clear', 0x10, undefined, 0x70, undefined],
    ['bit 2 alone', 0x16, 'ok', 0x76, 'out'],
    ['bit 3 alone', 0x1a, 'ok', 0x7a, 'out'],
    ['bits 2 and 3', 0x1e, 'near-end', 0x7e, 'out'],
    ['bit 4 clear', 0x02, undefined, 0x62, undefined],
    ['bit 5 alone', 0x32, 'ok', 0x32, 'ok'],
    ['bit 6 alone', 0x52, 'ok', 0x52, 'ok'],
    ['bit 7 set', 0x92, undefined, 0xf2, undefined],
  ] as const)('%s', (_name, fromPresent, present, fromOut, out) => {
    expect(readPaperStatus(fromPresent)).toBe(present);
    expect(readPaperStatus(fromOut)).toBe(out);
  });

  it('reads near end beside one paper end bit as near end, and both as out', () => {
    expect(readPaperStatus(0x3e)).toBe('near-end');
    expect(readPaperStatus(0x5e)).toBe('near-end');
    expect(readPaperStatus(0x7e)).toBe('out');
  });
});

describe('the offline cause answer after a job (DLE EOT 2)', () => {
  it('asks with DLE EOT 2, the three bytes 0x10 0x04 0x02', () => {
    expect([...offlineStatusRequest]).toEqual([0x10, 0x04, 0x02]);
  });

  // From a ready answer (0x12): each cause bit alone, the button's feed (no fault), and the
  // fixed bits that make a byte no answer at all.
  it.each([
    ['ready', 0x12, 'ready'],
    ['the paper fed by the button (bit 3)', 0x1a, 'ready'],
    ['the cover open (bit 2)', 0x16, 'cover-open'],
    ['stopped at the paper end (bit 5)', 0x32, 'paper-end'],
    ['an error (bit 6)', 0x52, 'error'],
    ['the paper end and the cover', 0x36, 'paper-end'],
    ['the paper end and an error', 0x72, 'paper-end'],
    ['the cover and an error', 0x56, 'cover-open'],
    ['bit 0 set', 0x13, undefined],
    ['bit 1 clear', 0x10, undefined],
    ['bit 4 clear', 0x02, undefined],
    ['bit 7 set', 0x92, undefined],
  ] as const)('reads %s', (_name, byte, status) => {
    expect(readOfflineStatus(byte)).toBe(status);
    expect(isStatusAnswer(byte)).toBe(status !== undefined);
  });
});

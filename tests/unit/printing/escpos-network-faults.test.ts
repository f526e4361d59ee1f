import { describe, expect, it } from 'vitest';
import { socketErrorKind } from '../../../electron/printing/escpos/network-faults';
import { printerName } from '../../../electron/printing/escpos/printer-connection';
import { readPaperStatus } from '../../../electron/printing/escpos/paper-status';

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

  it('names the printer by its address, with the port only when it is not 9100', () => {
    expect(printerName('192.168.1.50', 9100)).toBe('192.168.1.50');
    expect(printerName('printer.local', 9101)).toBe('printer.local:9101');
    expect(printerName('fe80::1', 9101)).toBe('[fe80::1]:9101');
  });
});

describe('the paper sensor answer (DLE EOT 4)', () => {
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
});

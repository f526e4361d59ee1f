/**
 * The ESC/POS paper sensor status (DLE EOT 4): asked before a job so the cashier reads "out of
 * paper" instead of a receipt that silently never came. Many printers answer; some do not, and
 * an unanswered question never holds up printing.
 */

/** DLE EOT 4: "transmit the roll paper sensor status" (a real-time command, answered at once). */
export const paperStatusRequest = Uint8Array.of(0x10, 0x04, 0x04);

export type PaperStatus = 'ok' | 'near-end' | 'out';

/**
 * The status in one answer byte, or undefined when the byte is not a status answer (bits 1 and
 * 4 are always 1, bits 0 and 7 always 0). Bits 5-6 are the paper-end sensor, bits 2-3 the
 * near-end sensor.
 */
export function readPaperStatus(byte: number): PaperStatus | undefined {
  if ((byte & 0x93) !== 0x12) return undefined;
  if ((byte & 0x60) === 0x60) return 'out';
  if ((byte & 0x0c) === 0x0c) return 'near-end';
  return 'ok';
}

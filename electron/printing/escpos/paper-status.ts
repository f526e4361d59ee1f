/**
 * The ESC/POS real-time status (DLE EOT n), answered by the printer as soon as the question
 * reaches it, one byte per question. Asked twice per job: the paper sensor (DLE EOT 4) before
 * it, so the cashier reads "out of paper" instead of a receipt that silently never came; and
 * the offline cause (DLE EOT 2) after it, the printer's word that it took the whole job (the
 * question comes after the last byte, so its answer means every byte before it was read) and
 * is not stopped. Many printers answer; some do not: an unanswered question before the job
 * never holds up printing, and one after it leaves the job unconfirmed.
 */

/** DLE EOT 4: "transmit the roll paper sensor status". */
export const paperStatusRequest = Uint8Array.of(0x10, 0x04, 0x04);

/** DLE EOT 2: "transmit the offline cause status" (cover, paper end stop, error). */
export const offlineStatusRequest = Uint8Array.of(0x10, 0x04, 0x02);

export type PaperStatus = 'ok' | 'near-end' | 'out';

/** Why a printer that answered after a job is not ready, or `ready`. */
export type OfflineStatus = 'ready' | 'cover-open' | 'paper-end' | 'error';

/**
 * Whether a byte is an answer to DLE EOT at all: bits 1 and 4 are always 1, bits 0 and 7
 * always 0 (other bytes a printer sends, such as automatic status, have bit 1 clear).
 */
export function isStatusAnswer(byte: number): boolean {
  return (byte & 0x93) === 0x12;
}

/**
 * The paper status in one answer byte, or undefined when the byte is not a status answer.
 * Bits 5-6 are the paper-end sensor, bits 2-3 the near-end sensor.
 */
export function readPaperStatus(byte: number): PaperStatus | undefined {
  if (!isStatusAnswer(byte)) return undefined;
  if ((byte & 0x60) === 0x60) return 'out';
  if ((byte & 0x0c) === 0x0c) return 'near-end';
  return 'ok';
}

/**
 * The offline cause in one answer byte, or undefined when the byte is not a status answer.
 * Bit 5: printing stopped at the paper end; bit 2: the cover is open; bit 6: an error
 * (cutter, head, a recoverable one). Bit 3 (paper being fed by the button) is no fault.
 */
export function readOfflineStatus(byte: number): OfflineStatus | undefined {
  if (!isStatusAnswer(byte)) return undefined;
  if ((byte & 0x20) !== 0) return 'paper-end';
  if ((byte & 0x04) !== 0) return 'cover-open';
  if ((byte & 0x40) !== 0) return 'error';
  return 'ready';
}

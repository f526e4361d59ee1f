/**
 * Why a print job did not print, named for what the cashier does next. Every printer throws a
 * PrintFailure with words for the cashier; the print queue shows those words as they are and
 * words of its own for anything else.
 */
export type PrintFailureKind =
  /** Nothing listens at the printer's address and port (the host answered, the port is closed). */
  | 'refused'
  /** The printer's address does not answer at all (off, unplugged, another network). */
  | 'unreachable'
  /** The printer's host name is not known on this network. */
  | 'not-found'
  /** The printer hung up, or reset the connection, before it had the whole job. */
  | 'closed'
  /** The printer took the connection but did not finish the job before the deadline. */
  | 'stalled'
  /** The printer said it has no paper; the job was not sent. */
  | 'paper-out'
  /** The job did not finish within the print queue's time for it. */
  | 'timeout'
  /** An earlier job on the same printer never finished; this one was not started. */
  | 'busy'
  /** Anything else a printer reported. */
  | 'printer-error';

export class PrintFailure extends Error {
  override readonly name = 'PrintFailure';

  constructor(
    readonly kind: PrintFailureKind,
    /** One sentence for the cashier: what happened and what to do. */
    message: string,
    /** Technical detail for the log (an error code), never shown on screen. */
    readonly detail?: string,
  ) {
    super(message);
  }
}

/**
 * Why a print job was not confirmed printed, named for what the cashier does next. Every
 * printer throws a PrintFailure with words for the cashier (what happened, and one action);
 * the print queue shows those words as they are and words of its own for anything else.
 *
 * A failure says which of two things the till knows: `not-printed` (nothing of the job reached
 * the printer, so printing it again is safe) or `unknown` (the printer may hold some or all of
 * it: the paper may be out there, so the next print of that document says COPY).
 */
export type PrintFailureKind =
  /** Nothing listens at the printer's address and port (the host answered, the port is closed). */
  | 'refused'
  /** The printer's address does not answer at all (off, unplugged, another network). */
  | 'unreachable'
  /** The printer's host name is not known on this network. */
  | 'not-found'
  /** The printer hung up, or reset the connection, before it confirmed the job. */
  | 'closed'
  /** The printer took the connection but did not take the job before the deadline. */
  | 'stalled'
  /** The printer has no paper: said before the job (nothing sent), or after it (part printed). */
  | 'paper-out'
  /** The printer says its cover is open. */
  | 'cover-open'
  /** The printer (or the OS's print queue) took the whole job but did not confirm it printed. */
  | 'unconfirmed'
  /** The job did not finish within the print queue's time for it. */
  | 'timeout'
  /** An earlier job on the same printer never finished; this one was not started. */
  | 'busy'
  /** Anything else a printer reported. */
  | 'printer-error';

/** What the till knows of a job that was not confirmed printed. */
export type UnconfirmedOutcome = 'not-printed' | 'unknown';

/** The one action after a job that may be on paper: look first; a new print is a copy. */
export const checkPaperAction = 'Check the paper before you print again: a new print says COPY.';

export interface PrintFailureOptions {
  /** Default `not-printed`: say `unknown` whenever any of the job may have reached the printer. */
  outcome?: UnconfirmedOutcome;
  /** One action for the cashier; by default, try again (not printed) or check the paper (unknown). */
  action?: string;
}

export class PrintFailure extends Error {
  override readonly name = 'PrintFailure';
  readonly outcome: UnconfirmedOutcome;
  /** One action for the cashier, shown under the message. */
  readonly action: string;

  constructor(
    readonly kind: PrintFailureKind,
    /** One sentence for the cashier: what happened. */
    message: string,
    /** Technical detail for the log (an error code), never shown on screen. */
    readonly detail?: string,
    options: PrintFailureOptions = {},
  ) {
    super(message);
    this.outcome = options.outcome ?? 'not-printed';
    this.action =
      options.action ??
      (this.outcome === 'unknown' ? checkPaperAction : 'Check the printer, then try again.');
  }
}

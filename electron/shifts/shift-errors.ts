/** Why a shift step was refused; the page words it from `code`, the message is for the cashier. */
export type ShiftRefusalCode =
  /** A shift is open already: only one at a time. */
  | 'shift-open'
  /** No shift is open: nothing to report on or to close. */
  | 'no-shift'
  /** Sales of the shift are not finished, and the closer did not acknowledge them. */
  | 'unresolved'
  /** No Z report has that number. */
  | 'no-report'
  /** Only the latest shift, once closed, may be reopened. */
  | 'not-latest'
  /** The shift's Z report left the till (printed, saved): it is final. */
  | 'final';

export class ShiftRefusal extends Error {
  override readonly name = 'ShiftRefusal';
  constructor(
    readonly code: ShiftRefusalCode,
    message: string,
  ) {
    super(message);
  }
}

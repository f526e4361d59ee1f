/** Why a staff step was refused; the page words it from `code`, the message is for the cashier. */
export type StaffRefusalCode =
  /** The PIN typed is not this person's. */
  | 'wrong-pin'
  /** Too many wrong PINs in a row: no PIN is checked until `lockedUntilMs`. */
  | 'locked'
  /** Staff PINs are on and nobody is signed in. */
  | 'signed-out'
  /** A cashier asked for what only a manager (or a manager's approval) may do. */
  | 'needs-manager'
  /** No such person on the staff list (never there, or removed). */
  | 'unknown-staff'
  /** The step breaks a rule (a PIN that is not 4 to 8 digits, the last manager, IT's managers ...). */
  | 'not-allowed'
  /** Someone on the staff list already has that name. */
  | 'name-taken';

export class StaffRefusal extends Error {
  override readonly name = 'StaffRefusal';
  constructor(
    readonly code: StaffRefusalCode,
    message: string,
    readonly lockedUntilMs?: number,
    /** For 'needs-manager': what is missing and who may approve it, for the page's prompt. */
    readonly detail?: Record<string, string | readonly string[] | undefined>,
  ) {
    super(message);
  }
}

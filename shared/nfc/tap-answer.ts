/**
 * What became of one tap on the NFC reader: main tells both pages (the cashier window and the
 * customer display) for every card presence, so no tap goes unanswered. The pages choose the
 * words and the sound; nothing here carries a token.
 */
export const tapAnswerKinds = [
  /** The token was read and sent to pay the sale on screen (the sale shows the service's answer). */
  'sent',
  /** This token has already been sent once: a phone tapped twice, or an old payment. */
  'already-used',
  /** Read while no sale waited for a tap. */
  'no-sale',
  /** Read while the previous tap's token was still being sent. */
  'still-sending',
  /** The sale on screen when the card arrived is no longer the one waiting: nothing was sent. */
  'sale-changed',
  /** The card or tag answered but offers no payment token (a product link, a transit card). */
  'not-payment-tag',
  /** The read did not finish within its deadline. */
  'too-slow',
  /**
   * The phone was not read, or its read failed (it moved away, an answer that made no sense,
   * the reader stopped under it): `cause` says why.
   */
  'read-failed',
  /**
   * The token was read for the sale on screen, but the till could not start sending it (the
   * sale could not be recorded): nothing was sent, the customer may tap again.
   */
  'not-sent',
] as const;
export type TapAnswerKind = (typeof tapAnswerKinds)[number];

/** Why a read failed, for 'read-failed' (the reader's fault kinds the pages have words for). */
export type TapReadCause =
  | 'moved-away'
  | 'garbled'
  | 'too-large'
  | 'no-answer'
  /**
   * The phone already lay on the reader when the reader (re)started: it is not a tap and is
   * not read; lifted and laid down again, it is.
   */
  | 'present-at-start'
  /** The reader process ended during the read (a crash, a restart): nothing was sent. */
  | 'reader-restarted'
  /** The reader or its PC/SC service failed or stopped answering during the read: not the phone. */
  | 'reader-problem';

export interface TapAnswer {
  /** Counts up per answer in this run: the same kind twice is a new answer (a new sound). */
  seq: number;
  kind: TapAnswerKind;
  /** For 'read-failed' only. */
  cause?: TapReadCause;
  /** When the answer was made, by main's Clock. */
  atMs: number;
}

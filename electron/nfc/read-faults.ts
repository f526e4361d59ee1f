/** Why a tap gave no token, named for what the cashier does next, and the words shown. */
export type ReadFault =
  /** The phone stopped answering one command in time. */
  | 'timeout'
  /** The whole read took longer than its deadline (a slow tag, a phone that answers slowly). */
  | 'too-slow'
  /** The reader lost the phone mid-exchange (pulled away, or the reader failed). */
  | 'transmit-failed'
  /** An answer arrived but was not a valid APDU response or not the data asked for. */
  | 'garbled'
  /** An answer, or the tag's message, larger than any wallet token needs. */
  | 'too-large'
  /** Neither the wallet AID nor an NDEF tag answered. */
  | 'not-a-wallet'
  /** An answer arrived but holds no token in a form the wallet hands over. */
  | 'not-a-token'
  /** A Type 4 tag the till refuses to read (locked, chunked). */
  | 'unsupported-tag';

const advice: Record<ReadFault, string> = {
  timeout:
    'The phone did not answer in time. Ask the customer to tap again and hold the phone still.',
  'too-slow':
    'Reading the phone took too long; nothing was sent. Ask the customer to tap again and hold the phone still.',
  'transmit-failed':
    'The phone was moved away before the reading finished. Ask the customer to tap again and hold it until the till confirms.',
  garbled: "The phone's answer could not be understood. Ask the customer to tap again.",
  'too-large':
    "The phone's answer was far larger than a payment token; nothing was sent. Ask the customer to open the wallet app and tap again.",
  'not-a-wallet':
    'This card or phone offers no payment token. Ask the customer to open the wallet app and tap again.',
  'not-a-token': 'The phone did not send a valid payment token. Nothing was sent for payment.',
  'unsupported-tag': 'This tag cannot be used for payment. Nothing was sent for payment.',
};

/** One sentence for the cashier, with the technical detail in brackets for support. */
export function cashierMessage(fault: ReadFault, detail?: string): string {
  return detail ? `${advice[fault]} (${detail})` : advice[fault];
}

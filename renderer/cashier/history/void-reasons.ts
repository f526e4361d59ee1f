/** Why a payment is voided: the usual answers, and a manager's own words. */
export const voidReasons = [
  { value: 'refunded', label: 'The customer was given the money back' },
  { value: 'twice', label: 'Charged twice for the same purchase' },
  { value: 'wrong', label: 'Wrong amount or wrong asset' },
  { value: 'other', label: 'Another reason (say which)' },
] as const;

export type VoidReasonChoice = (typeof voidReasons)[number]['value'];

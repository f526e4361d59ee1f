/** Why a payment is voided: the usual answers, and a manager's own words. */
export const voidReasons = [
  { value: 'refunded', label: 'The customer was given the money back' },
  { value: 'twice', label: 'Charged twice for the same purchase' },
  { value: 'wrong', label: 'Wrong amount or wrong asset' },
  { value: 'other', label: 'Another reason (say which)' },
] as const;

export type VoidReasonChoice = (typeof voidReasons)[number]['value'];

/** The reason the journal keeps, or null while "another reason" has fewer than 3 characters. */
export function voidReasonText(choice: VoidReasonChoice, other: string): string | null {
  if (choice !== 'other') return voidReasons.find((reason) => reason.value === choice)!.label;
  // The journal keeps one line: line breaks and runs of spaces become single spaces.
  const text = other.replace(/\s+/g, ' ').trim();
  return text.length >= 3 ? text : null;
}

/** How a cashier knows a late payment arrived: the usual answers, and their own words. */
export const lateReasons = [
  { value: 'wallet', label: 'The customer’s wallet shows this order paid' },
  { value: 'explorer', label: 'The payment shows on the network (block explorer)' },
  { value: 'other', label: 'Another way (say which)' },
] as const;

export type LateReasonChoice = (typeof lateReasons)[number]['value'];

/** The reason the journal keeps, or null while "another way" has fewer than 3 characters. */
export function reasonText(choice: LateReasonChoice, other: string): string | null {
  if (choice !== 'other') return lateReasons.find((reason) => reason.value === choice)!.label;
  // The journal keeps one line: line breaks and runs of spaces become single spaces.
  const text = other.replace(/\s+/g, ' ').trim();
  return text.length >= 3 ? text : null;
}

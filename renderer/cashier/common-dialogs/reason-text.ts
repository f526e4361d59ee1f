import type { ReasonOption } from './reason-choice';

/**
 * The reason the journal keeps for a choice made in a ReasonChoice: the usual answer's words,
 * or the cashier's own for 'other' (null while nothing is picked, or while their own words
 * have fewer than 3 characters).
 */
export function reasonTextOf<Choice extends string>(
  options: readonly ReasonOption<Choice>[],
  choice: Choice | null,
  other: string,
): string | null {
  if (choice === null) return null;
  if (choice !== 'other') return options.find((option) => option.value === choice)!.label;
  // The journal keeps one line: line breaks and runs of spaces become single spaces.
  const text = other.replace(/\s+/g, ' ').trim();
  return text.length >= 3 ? text : null;
}

import { StaffRefusal } from './staff-errors';

const LONGEST_NAME = 40;

/** A name as the sign-in screen shows it: trimmed, 1 to 40 characters, no control characters. */
export function checkName(name: string): string {
  const clean = name.normalize('NFC').trim();
  if (clean.length === 0 || clean.length > LONGEST_NAME || /\p{Cc}/u.test(clean)) {
    throw new StaffRefusal('not-allowed', `Type a name of 1 to ${LONGEST_NAME} characters.`);
  }
  return clean;
}

/** Names compare as a person reads them: "Ana" and "ana " are the same name on the sign-in screen. */
export function sameName(a: string, b: string): boolean {
  const key = (name: string) => name.normalize('NFC').trim().toLowerCase();
  return key(a) === key(b);
}

export function nameTaken(): StaffRefusal {
  return new StaffRefusal('name-taken', 'Someone on the staff list already has that name.');
}

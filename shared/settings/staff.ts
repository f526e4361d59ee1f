import { z } from 'zod';
import { permissions } from '../staff';
import { declareSetting } from './setting-declaration';
import { NO_CONTROL_CHARACTERS } from './text-rules';

/**
 * Who works the till (docs/staff.md): whether each person signs in with a PIN, when the till
 * locks itself, and the managers IT provisions. Who may approve what is IT's: a till cannot
 * make itself a manager.
 */

/** The hash `npm run hash-pin` prints: scrypt$N$r$p$salt$key, never a PIN in clear. */
const PIN_HASH = /^scrypt\$\d{1,7}\$\d{1,2}\$\d{1,2}\$[A-Za-z0-9+/]+={0,2}\$[A-Za-z0-9+/]+={0,2}$/;

const provisionedManagerSchema = z
  .object({
    name: z
      .string()
      .min(1, { message: 'A provisioned manager needs a name.' })
      .max(40, { message: 'A manager name must be at most 40 characters.' })
      .regex(NO_CONTROL_CHARACTERS, {
        message: 'A manager name must not contain control characters.',
      }),
    pinHash: z.string().regex(PIN_HASH, {
      message: 'A provisioned manager PIN must be a hash made with "npm run hash-pin".',
    }),
  })
  .strict();

/** A role's name as a person reads it: letters and digits, spaces, dots, dashes between. */
const ROLE_NAME = /^[\p{L}\p{N}](?:[\p{L}\p{N} ._-]*[\p{L}\p{N}])?$/u;
const ROLE_NAME_WORDS =
  'A role name is 1 to 32 letters or digits, with spaces, dots or dashes between them.';

/**
 * Letters of other scripts that read as the Latin letters of the built-in roles' names
 * ("cashier", "manager"), so neither can be forged with them; others cannot spell either.
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  а: 'a',
  α: 'a',
  с: 'c',
  е: 'e',
  ε: 'e',
  ɡ: 'g',
  һ: 'h',
  н: 'h',
  і: 'i',
  ı: 'i',
  ι: 'i',
  м: 'm',
  μ: 'm',
  ν: 'n',
  ѕ: 's',
};

/**
 * How a name reads to a person: compatibility forms folded (full-width, "ſ"), accents on a
 * letter dropped, case ignored, and letters of other scripts that look Latin read as Latin.
 */
function readsAs(name: string): string {
  return [...name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()]
    .map((letter) => LOOK_ALIKES[letter] ?? letter)
    .join('');
}

const staffRoleSchema = z
  .object({
    name: z
      // These words are every check's of the name: its type, its length and its pattern.
      .string({ message: ROLE_NAME_WORDS })
      .max(32)
      .regex(ROLE_NAME)
      // The manager may do everything, always: a policy cannot leave a till without one.
      .refine((name) => readsAs(name) !== 'manager', {
        message: 'The manager role is built in: it may do everything, and IT cannot change it.',
      })
      // The cashier is redefined by its own name: "Cashier" (or "Сashier" with a Cyrillic С)
      // beside "cashier" would be two roles, both offered, that people read as one.
      .refine((name) => name === 'cashier' || readsAs(name) !== 'cashier', {
        message:
          'The cashier role is built in as "cashier": IT redefines it by that name, exactly.',
      }),
    permissions: z
      .array(z.enum(permissions, { message: `A permission is one of: ${permissions.join(', ')}.` }))
      .refine((listed) => new Set(listed).size === listed.length, {
        message: 'A role lists each permission once.',
      }),
  })
  .strict();

/** When the till sells only while a shift is open (every sale then belongs to a shift). */
const shiftRequiredModes = ['with-staff-pins', 'always', 'never'] as const;

export const staffSettings = {
  /** Each person signs in with a PIN; off: one implicit cashier who may do everything (small shops). */
  staffPinsRequired: declareSetting({
    schema: z.boolean({ message: 'Staff PINs required must be true or false.' }),
    default: false,
    itOnly: false,
    title: 'Require staff PINs',
    description:
      'Whether each person signs in with a PIN and the roles apply; false: one implicit cashier, as a small shop runs.',
    details:
      'A PIN has 4 to 8 digits; settings, exports, diagnostics, late payments, manual prices and staff need a manager.',
  }),
  /** Minutes without use before the till locks (signs out); 0 never. Only with staff PINs. */
  autoLockMinutes: declareSetting({
    schema: z
      .number({ message: 'The auto-lock time must be a number of minutes from 0 to 240.' })
      .int({ message: 'The auto-lock time must be a whole number of minutes.' })
      .min(0, { message: 'The auto-lock time must be a number of minutes from 0 to 240.' })
      .max(240, { message: 'The auto-lock time must be a number of minutes from 0 to 240.' }),
    default: 10,
    itOnly: false,
    title: 'Auto-lock after minutes without use',
    description: 'Minutes without use before the till signs out (0: never).',
    details: 'Only with staff PINs.',
  }),
  /**
   * Whether the till sells only while a shift is open: 'with-staff-pins' (the default: where
   * people sign in, they also open a shift), 'always' or 'never'. Where selling without a
   * shift is allowed, those sales go to the next shift opened, whose report says so.
   */
  shiftRequired: declareSetting({
    schema: z.enum(shiftRequiredModes, {
      message: 'Selling needs a shift must be "with-staff-pins", "always" or "never".',
    }),
    default: 'with-staff-pins',
    itOnly: false,
    title: 'Selling needs an open shift',
    description:
      'Whether the till sells only while a shift is open: with-staff-pins (when staff PINs are on), always or never.',
    details: 'Sales taken with no shift open go to the next shift opened; its report lists them.',
  }),
  /**
   * Managers IT provisions: a name and the PIN's scrypt hash (made with `npm run hash-pin`),
   * never a PIN in clear.
   */
  provisionedManagers: declareSetting({
    schema: z
      .array(provisionedManagerSchema)
      .max(20, { message: 'At most 20 managers may be provisioned.' }),
    default: [],
    itOnly: true,
    title: 'Managers provisioned by IT',
    description:
      'Managers IT provisions: [{"name":"Ana","pinHash":"scrypt$..."}], the hash made with npm run hash-pin. IT only.',
    details:
      'The PIN is typed on the standard input of npm run hash-pin, never in clear in the policy.',
  }),
  /**
   * Roles IT defines, each a name and its permissions (shared/staff.ts); a staff member may be
   * given one. "cashier" may be redefined (by that name exactly: "Cashier" beside it would be a
   * second role read as the same); "manager" is built in and may do everything.
   */
  staffRoles: declareSetting({
    schema: z
      .array(staffRoleSchema)
      .max(20, { message: 'At most 20 roles may be defined.' })
      .refine(
        (roles) => new Set(roles.map((role) => role.name.toLowerCase())).size === roles.length,
        { message: 'Each role name may be defined once.' },
      ),
    default: [],
    itOnly: true,
    title: 'Staff roles defined by IT',
    description:
      'Roles and what each may do: [{"name":"supervisor","permissions":["sell","void-paid"]}]. IT only.',
    details:
      'Permissions as in docs/staff.md. "cashier" may be redefined, by that name exactly; "manager" may do everything.',
  }),
};

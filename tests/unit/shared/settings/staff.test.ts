import { describe, it } from 'vitest';
import { staffSettings } from '../../../../shared/settings/staff';
import { permissions } from '../../../../shared/staff';
import {
  accept,
  acceptEach,
  expectAtMost,
  expectDefaults,
  expectRange,
  expectTrueOrFalse,
  itRefusesEach,
  refuse,
  refuseEach,
} from './setting-checks';

// shared/settings/staff.ts, one key at a time: what passes, what is refused and in which words,
// every limit at N-1, N and N+1, junk on either side of every anchored pattern.

/** The shape `npm run hash-pin` prints: scrypt$N$r$p$salt$key, salt and key in base64. */
const HASH =
  'scrypt$16384$8$1$AAECAwQFBgcICQoLDA0ODw==$ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8=';

describe('the staff settings', () => {
  it('default to no PINs, a 10-minute lock, shifts with PINs, no provisioned managers and no roles of IT', () => {
    expectDefaults(staffSettings, {
      staffPinsRequired: false,
      autoLockMinutes: 10,
      shiftRequired: 'with-staff-pins',
      provisionedManagers: [],
      staffRoles: [],
    });
  });
});

describe('staffPinsRequired', () => {
  it('is true or false, nothing that looks like it', () => {
    expectTrueOrFalse('staffPinsRequired', 'Staff PINs required must be true or false.', [
      'true',
      1,
    ]);
  });
});

describe('autoLockMinutes', () => {
  const range = 'The auto-lock time must be a number of minutes from 0 to 240.';

  it('takes 0 (never) to 240 whole minutes', () => {
    expectRange('autoLockMinutes', { min: 0, usual: 10, max: 240 }, range);
  });

  // Equivalent mutant: ObjectLiteral `{}` in `.min(0, { message: 'The auto-lock time must be a number of minutes from 0 to 240.' })`: without its own words the check speaks the words given to z.number(), which are the same sentence.
  // Equivalent mutant: ObjectLiteral `{}` in `.max(240, { message: 'The auto-lock time must be a number of minutes from 0 to 240.' }),`: without its own words the check speaks the words given to z.number(), which are the same sentence.

  it('refuses part of a minute and what is not a number, saying why', () => {
    refuse('autoLockMinutes', 1.5, 'The auto-lock time must be a whole number of minutes.');
    refuseEach('autoLockMinutes', ['10', null], range);
  });
});

describe('shiftRequired', () => {
  const words = 'Selling needs a shift must be "with-staff-pins", "always" or "never".';

  it('is one of three words, exactly', () => {
    acceptEach('shiftRequired', ['with-staff-pins', 'always', 'never']);
    refuseEach(
      'shiftRequired',
      ['Always', ' always', 'always ', 'with staff pins', '', true, null],
      words,
    );
  });
});

describe('provisionedManagers', () => {
  const manager = { name: 'Ana', pinHash: HASH };
  const badHash =
    'A provisioned manager PIN must be a hash made with "npm run hash-pin". (at 0.pinHash)';
  /** The list of the one manager, with this PIN hash. */
  const withHash = (pinHash: string) => [{ ...manager, pinHash }];

  it('takes managers by name and PIN hash', () => {
    accept('provisionedManagers', []);
    accept('provisionedManagers', [manager, { name: 'Bo Ørsted', pinHash: HASH }]);
  });

  it('takes a name of 1 to 40 characters without control characters', () => {
    const named = (name: string) => [{ ...manager, name }];
    accept('provisionedManagers', named('A'));
    expectAtMost(
      'provisionedManagers',
      40,
      (length) => named('n'.repeat(length)),
      'A manager name must be at most 40 characters. (at 0.name)',
    );
    refuse('provisionedManagers', named(''), 'A provisioned manager needs a name. (at 0.name)');
    refuse(
      'provisionedManagers',
      named('Ana\u0000'),
      'A manager name must not contain control characters. (at 0.name)',
    );
    refuse(
      'provisionedManagers',
      named(`${'n'.repeat(40)}\n`),
      'A manager name must be at most 40 characters. (at 0.name) A manager name must not contain control characters. (at 0.name)',
    );
  });

  it('takes the cost, block size and parallelism as 1-7, 1-2 and 1-2 digits', () => {
    const withParams = (params: string) => withHash(`scrypt$${params}$AAECAw==$ICEiIw==`);
    acceptEach(
      'provisionedManagers',
      ['1$1$1', '123456$1$1', '1234567$12$12', '16384$8$1', '0$0$0'],
      withParams,
    );
    refuseEach(
      'provisionedManagers',
      [
        '12345678$8$1',
        '$8$1',
        '16384$123$1',
        '16384$$1',
        '16384$8$123',
        '16384$8$',
        '16384$8',
        '1638a$8$1',
        '16384$a$1',
        '16384$8$a',
        '-1$8$1',
      ],
      badHash,
      withParams,
    );
  });

  it('takes a salt and a key in base64, with up to two = of padding', () => {
    const withSaltAndKey = ([salt, key]: [string, string]) =>
      withHash(`scrypt$16384$8$1$${salt}$${key}`);
    acceptEach(
      'provisionedManagers',
      [
        ['AZaz09+/', 'AZaz09+/'],
        ['QQ', 'QQ'],
        ['QQ=', 'QQ='],
        ['QQ==', 'QQ=='],
      ],
      withSaltAndKey,
    );
    refuseEach(
      'provisionedManagers',
      [
        ['QQ===', 'QQ'],
        ['QQ', 'QQ==='],
        ['', 'QQ'],
        ['QQ', ''],
        ['==', 'QQ'],
        ['QQ', '=='],
        ['QQ-_', 'QQ'],
        ['QQ', 'QQ-_'],
        ['Q=Q', 'QQ'],
        ['QQ', 'Q=Q'],
      ],
      badHash,
      withSaltAndKey,
    );
  });

  itRefusesEach(
    'provisionedManagers',
    badHash,
    [
      ['a PIN in clear', '1234'],
      ['another hash function', HASH.replace('scrypt', 'bcrypt')],
      ['an upper-case name', HASH.replace('scrypt', 'SCRYPT')],
      ['junk before', ` ${HASH}`],
      ['junk after', `${HASH} `],
      ['a seventh part', `${HASH}$QQ==`],
      ['a part missing', HASH.slice(0, HASH.lastIndexOf('$'))],
      ['nothing', ''],
    ],
    { title: 'refuses %s as the PIN hash', within: withHash },
  );

  it('refuses a manager with a key it does not know, or without a hash', () => {
    refuse('provisionedManagers', [{ ...manager, pin: '1234' }], 'Unrecognized key: "pin" (at 0)');
    refuse(
      'provisionedManagers',
      [{ name: 'Ana' }],
      'Invalid input: expected string, received undefined (at 0.pinHash)',
    );
  });

  it('takes 19 and 20 managers and refuses 21', () => {
    const managers = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ name: `Manager ${i + 1}`, pinHash: HASH }));
    expectAtMost('provisionedManagers', 20, managers, 'At most 20 managers may be provisioned.');
  });
});

describe('staffRoles', () => {
  const nameWords =
    'A role name is 1 to 32 letters or digits, with spaces, dots or dashes between them. (at 0.name)';
  const named = (name: unknown) => [{ name, permissions: ['sell'] }];
  const listing = (listed: unknown[]) => [{ name: 'lead', permissions: listed }];

  it('takes roles by name with the permissions IT lists, none or all of them', () => {
    accept('staffRoles', []);
    accept('staffRoles', [
      { name: 'supervisor', permissions: ['sell', 'void-paid', 'manage-staff'] },
      { name: 'bookkeeper', permissions: [] },
      { name: 'owner', permissions: [...permissions] },
    ]);
  });

  it('takes the cashier redefined, but never the manager, in any case', () => {
    accept('staffRoles', named('cashier'));
    accept('staffRoles', named('store manager'));
    accept('staffRoles', named('managers'));
    refuseEach(
      'staffRoles',
      ['manager', 'Manager', 'MANAGER'].map(named),
      'The manager role is built in: it may do everything, and IT cannot change it. (at 0.name)',
    );
  });

  it('refuses a name spelled like the built-in cashier but for its case: two roles people read as one', () => {
    refuseEach(
      'staffRoles',
      ['Cashier', 'CASHIER', 'cashieR'].map(named),
      'The cashier role is built in as "cashier": IT redefines it by that name, exactly. (at 0.name)',
    );
    accept('staffRoles', named('cashiers'));
    accept('staffRoles', named('head cashier'));
    accept('staffRoles', named('caissière'));
  });

  it('refuses a built-in name forged with letters that only look Latin, or in another form', () => {
    refuseEach(
      'staffRoles',
      [
        'саshier', // Cyrillic с and а
        'cαshier', // Greek alpha
        'cashiеr', // Cyrillic е
        'cashiεr', // Greek epsilon
        'casһier', // Cyrillic shha
        'casнier', // Cyrillic en, as its capital Н reads
        'cashіer', // Cyrillic i
        'cashıer', // dotless i
        'cashιer', // Greek iota
        'caѕhier', // Cyrillic dze
        'ｃａｓｈｉｅｒ', // full-width
        'caſhier', // long s
        'CASHİER', // dotted capital I
        'cashiér', // an accent on a letter
      ].map(named),
      'The cashier role is built in as "cashier": IT redefines it by that name, exactly. (at 0.name)',
    );
    refuseEach(
      'staffRoles',
      [
        'Мanager', // Cyrillic М
        'μanager', // Greek mu
        'maνager', // Greek nu, as its capital Ν reads
        'manaɡer', // Latin script g
        'ｍａｎａｇｅｒ', // full-width
      ].map(named),
      'The manager role is built in: it may do everything, and IT cannot change it. (at 0.name)',
    );
    // Names of other scripts that read as themselves stay welcome.
    acceptEach('staffRoles', ['Кассир', 'Менеджер', 'Ταμίας', '收银员', 'レジ係'], named);
    accept('staffRoles', [
      { name: 'cashier', permissions: ['sell', 'void-paid'] },
      { name: 'Kassierer', permissions: ['sell'] },
    ]);
  });

  it('takes a name of 1 to 32 letters or digits, with spaces, dots, dashes and underscores inside', () => {
    acceptEach(
      'staffRoles',
      ['A', '7', 'shift lead', 'Kassierer Ü', 'lead.2', 'night_shift', 'co-owner'],
      named,
    );
    expectAtMost('staffRoles', 32, (length) => named('r'.repeat(length)), nameWords);
  });

  itRefusesEach(
    'staffRoles',
    nameWords,
    [
      ['no name', ''],
      ['a space before', ' lead'],
      ['a space after', 'lead '],
      ['a dash before', '-lead'],
      ['a dot after', 'lead.'],
      ['a slash', 'lead/2'],
      ['a line break', 'lead\nnight'],
      ['a control character', 'lead\u0000'],
      ['a name that is not text', 5],
    ],
    { title: 'refuses %s as a role name', within: named },
  );

  it('refuses a permission nobody defined, and one listed twice', () => {
    refuse(
      'staffRoles',
      listing(['sell', 'fly']),
      `A permission is one of: ${permissions.join(', ')}. (at 0.permissions.1)`,
    );
    refuse(
      'staffRoles',
      listing(['sell', 'void-paid', 'sell']),
      'A role lists each permission once. (at 0.permissions)',
    );
  });

  it('tells names apart as their lower case does: "Maß" and "MASS" are two roles', () => {
    accept('staffRoles', [
      { name: 'Maß', permissions: [] },
      { name: 'MASS', permissions: [] },
    ]);
  });

  it('refuses one name defined twice, whatever its case', () => {
    refuse(
      'staffRoles',
      [
        { name: 'Lead', permissions: ['sell'] },
        { name: 'lead', permissions: [] },
      ],
      'Each role name may be defined once.',
    );
  });

  it('refuses a role with a key it does not know, or without its permissions', () => {
    refuse(
      'staffRoles',
      [{ name: 'lead', permissions: [], pin: '1234' }],
      'Unrecognized key: "pin" (at 0)',
    );
    refuse(
      'staffRoles',
      [{ name: 'lead' }],
      'Invalid input: expected array, received undefined (at 0.permissions)',
    );
  });

  it('takes 19 and 20 roles and refuses 21', () => {
    const roles = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ name: `Role ${i + 1}`, permissions: ['sell'] }));
    expectAtMost('staffRoles', 20, roles, 'At most 20 roles may be defined.');
  });
});

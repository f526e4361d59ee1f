import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkManagedPolicy,
  MAX_POLICY_BYTES,
  managedPolicyJsonSchema,
  parseManagedPolicy,
} from '../../../shared/managed-policy';
import { settingKeys } from '../../../shared/settings';
import {
  loadManagedPolicy,
  nodePolicyFileReader,
} from '../../../electron/settings/managed-policy-loader';
import { policyPath } from '../../../electron/settings/policy-path';

const policy = (value: unknown) => JSON.stringify(value);
const problemsOf = (text: string) => {
  const parsed = parseManagedPolicy(text);
  expect(parsed.ok).toBe(false);
  return parsed.ok ? [] : parsed.problems;
};

describe('parseManagedPolicy', () => {
  it('reads presets and locks, normalising values like any write', () => {
    const parsed = parseManagedPolicy(
      policy({
        version: 1,
        settings: {
          currency: 'eur',
          feeValue: '0.50',
          demoModeAllowed: false,
          customerDisplay: { mode: 'off' },
        },
        locked: ['demoModeAllowed', 'currency'],
      }),
    );
    expect(parsed).toEqual({
      ok: true,
      policy: {
        settings: {
          currency: 'EUR',
          feeValue: '0.5',
          demoModeAllowed: false,
          customerDisplay: { mode: 'off' },
        },
        locked: ['demoModeAllowed', 'currency'],
      },
    });
  });

  it('accepts an empty policy, a $schema pointer and a Windows byte order mark', () => {
    expect(parseManagedPolicy('{}')).toEqual({ ok: true, policy: { settings: {}, locked: [] } });
    expect(
      parseManagedPolicy(
        `\uFEFF${policy({ $schema: './policy.schema.json', settings: { shopName: 'A' } })}`,
      ),
    ).toEqual({
      ok: true,
      policy: { settings: { shopName: 'A' }, locked: [] },
    });
  });

  it('refuses the whole file when one value is wrong (never half-applied)', () => {
    const parsed = parseManagedPolicy(
      policy({
        settings: { serialNumber: 'TILL-1', currency: 'dollars', nfcAid: 'F0504F533235' },
        locked: ['serialNumber'],
      }),
    );
    expect(parsed).toEqual({
      ok: false,
      problems: [expect.stringMatching(/^settings\.currency: The currency must be/)],
    });
  });

  it('lists every problem in words', () => {
    const problems = problemsOf(
      policy({
        settings: { currency: 'US', surprise: 1, customerDisplay: { mode: 'display' } },
        locked: ['nope', 'currency'],
        extra: true,
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^settings\.currency: /),
        expect.stringMatching(/^settings\.customerDisplay: .*needs the id/),
        'Unknown setting "surprise" in "settings".',
        expect.stringMatching(/^"locked" entry 1 \("nope"\) names a setting that does not exist/),
        'Unknown entry "extra" at the top level.',
      ]),
    );
    expect(problems).toHaveLength(5);
  });

  it('refuses a lock without a value, and the same lock twice', () => {
    expect(problemsOf(policy({ settings: {}, locked: ['serviceBaseUrl'] }))).toEqual([
      expect.stringMatching(/"locked" names serviceBaseUrl, but "settings" gives no value/),
    ]);
    expect(
      problemsOf(policy({ settings: { shopName: 'A' }, locked: ['shopName', 'shopName'] })),
    ).toEqual(['"locked" names shopName twice.']);
  });

  it.each([
    ['not JSON', '{ settings: {} }', /not valid JSON/],
    ['trailing garbage', '{}x', /not valid JSON/],
    ['an array', '[]', /one JSON object/],
    ['null', 'null', /one JSON object/],
    ['a string', '"settings"', /one JSON object/],
    ['settings not an object', policy({ settings: [] }), /settings/],
    ['locked not a list', policy({ locked: 'serviceBaseUrl' }), /"locked" must be a list/],
    ['a future version', policy({ version: 2 }), /version/],
    ['a huge file', ' '.repeat(MAX_POLICY_BYTES + 1), /larger than/],
  ])('refuses %s', (_name, text, message) => {
    const problems = problemsOf(text);
    expect(problems.join(' ')).toMatch(message);
  });

  it('is not fooled by prototype keys', () => {
    const problems = problemsOf(
      '{"settings":{"__proto__":{"demoModeAllowed":false}},"locked":["__proto__"]}',
    );
    expect(problems.length).toBeGreaterThan(0);
    expect(({} as Record<string, unknown>).demoModeAllowed).toBeUndefined();
  });
});

describe('parseManagedPolicy: the file as a whole', () => {
  const notAnObject = 'The policy file must hold one JSON object with "settings" and "locked".';

  it('takes a file of 65,535 and 65,536 characters and refuses 65,537', () => {
    expect(MAX_POLICY_BYTES).toBe(65_536);
    const ofLength = (length: number) => `{}${' '.repeat(length - 2)}`;
    expect(parseManagedPolicy(ofLength(65_535))).toEqual({
      ok: true,
      policy: { settings: {}, locked: [] },
    });
    expect(parseManagedPolicy(ofLength(65_536))).toEqual({
      ok: true,
      policy: { settings: {}, locked: [] },
    });
    expect(parseManagedPolicy(ofLength(65_537))).toEqual({
      ok: false,
      problems: ['The policy file is larger than 65536 bytes.'],
    });
  });

  it('refuses what is not text, without throwing', () => {
    for (const value of [undefined, null, 42, Buffer.from('{}')]) {
      expect(parseManagedPolicy(value as unknown as string)).toEqual({
        ok: false,
        problems: ['The policy file could not be read as text.'],
      });
    }
  });

  it("refuses text that is not JSON, with the parser's reason", () => {
    for (const text of ['', '{', '{}x', "{'settings':{}}"]) {
      const problems = problemsOf(text);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^The policy file is not valid JSON: \S/);
    }
    expect(problemsOf('')).toEqual([
      'The policy file is not valid JSON: Unexpected end of JSON input',
    ]);
  });

  it.each([
    ['an array', '[]'],
    ['an array of a policy', '[{"settings":{}}]'],
    ['null', 'null'],
    ['text', '"settings"'],
    ['a number', '1'],
    ['true', 'true'],
  ])('refuses %s in place of the object', (_name, text) => {
    expect(problemsOf(text)).toEqual([notAnObject]);
  });

  it('drops only a byte order mark at the very start', () => {
    expect(parseManagedPolicy('\uFEFF{"settings":{"shopName":"A"}}')).toEqual({
      ok: true,
      policy: { settings: { shopName: 'A' }, locked: [] },
    });
    // One inside a value is the value's: a format character the shop name refuses.
    expect(problemsOf('{"settings":{"shopName":"\uFEFFA"}}')).toEqual([
      'settings.shopName: The shop name must not contain control characters.',
    ]);
    expect(problemsOf(' \uFEFF{}')[0]).toMatch(/^The policy file is not valid JSON: /);
  });
});

describe('parseManagedPolicy: every setting, checked one key at a time', () => {
  it.each(settingKeys)('refuses a wrong %s for that key alone', (key) => {
    const problems = problemsOf(policy({ settings: { shopName: 'A', [key]: [[]] } }));
    expect(problems).toHaveLength(1);
    expect(problems[0]!.startsWith(`settings.${key}: `)).toBe(true);
  });

  it('normalises every value it takes, as a write from the till would', () => {
    expect(
      parseManagedPolicy(
        policy({
          settings: {
            serviceBaseUrl: 'HTTPS://Pay.Example.com/v1/cf-payment/',
            currency: 'chf',
            feeValue: '007.50',
            nfcAid: 'a000000003',
            allowedWalletHosts: ['Pay.Example.com:8443'],
            receiptPrinter: { kind: 'network', host: 'Printer.Local' },
          },
        }),
      ),
    ).toEqual({
      ok: true,
      policy: {
        settings: {
          serviceBaseUrl: 'https://pay.example.com/v1/cf-payment',
          currency: 'CHF',
          feeValue: '7.5',
          nfcAid: 'A000000003',
          allowedWalletHosts: ['pay.example.com:8443'],
          receiptPrinter: { kind: 'network', host: 'printer.local' },
        },
        locked: [],
      },
    });
  });
});

describe('parseManagedPolicy: each problem in its words', () => {
  it('names unknown settings and entries, all of them, and where they stand', () => {
    expect(problemsOf(policy({ settings: { a: 1, b: 2 }, x: 1, y: 2 }))).toEqual([
      'Unknown setting "a", "b" in "settings".',
      'Unknown entry "x", "y" at the top level.',
    ]);
    // A key unknown inside a setting's value is named where it stands (as a "setting", too).
    expect(
      problemsOf(policy({ settings: { customerDisplay: { mode: 'auto', extra: 1, more: 2 } } })),
    ).toEqual(['Unknown setting "extra", "more" in "settings.customerDisplay".']);
    // A name that could not be a setting's is not repeated: it may hold a pasted secret.
    expect(
      problemsOf(
        policy({
          settings: {
            'rateProviderUrl?apikey=sk_live_123': 1,
            rateProviderUrl2: 2,
            '9lives': 3,
            [`a${'b'.repeat(63)}`]: 4,
            [`a${'b'.repeat(64)}`]: 5,
          },
        }),
      ),
    ).toEqual([
      `Unknown setting a name that is not a setting name (not shown), "rateProviderUrl2", a name that is not a setting name (not shown), "a${'b'.repeat(63)}", a name that is not a setting name (not shown) in "settings".`,
    ]);
  });

  it("names the setting a value fails, and where in the value, in the setting's words", () => {
    expect(
      problemsOf(policy({ settings: { customerDisplay: { mode: 'display', displayId: -1 } } })),
    ).toEqual(['settings.customerDisplay: Too small: expected number to be >=0 (at displayId)']);
    expect(problemsOf(policy({ settings: { allowedWalletHosts: ['ok.example', 'a b'] } }))).toEqual(
      [
        'settings.allowedWalletHosts: An allowed wallet host must be a host name, optionally with a port ("pay.example.com" or "pay.example.com:8443"). (at 1)',
      ],
    );
  });

  it('says what is wrong with "settings" itself, "version" and "$schema"', () => {
    expect(problemsOf(policy({ settings: [] }))).toEqual([
      'settings: Invalid input: expected object, received array',
    ]);
    expect(problemsOf(policy({ settings: null }))).toEqual([
      'settings: Invalid input: expected object, received null',
    ]);
    expect(problemsOf(policy({ version: 2 }))).toEqual([
      'version: The policy "version" must be 1.',
    ]);
    expect(problemsOf(policy({ version: '1' }))).toEqual([
      'version: The policy "version" must be 1.',
    ]);
    expect(problemsOf(policy({ $schema: 5 }))).toEqual([
      '$schema: Invalid input: expected string, received number',
    ]);
    expect(parseManagedPolicy(policy({ version: 1 }))).toEqual({
      ok: true,
      policy: { settings: {}, locked: [] },
    });
  });

  // Equivalent mutant: StringLiteral `""` in `return `${where.length > 0 ? `${where.join('.')}: ` : ''}${issue.message}`;`: only a problem outside "settings" and "locked" gets here, and the strict top level holds only $schema and version, plain values whose path is one key long: there is nothing to join.

  it('numbers each wrong "locked" entry from 1 and quotes up to 40 characters of it', () => {
    expect(problemsOf(policy({ locked: 'serviceBaseUrl' }))).toEqual([
      '"locked" must be a list of setting names.',
    ]);
    expect(problemsOf(policy({ locked: [5, 'nope', 'n'.repeat(40), 'n'.repeat(41)] }))).toEqual([
      '"locked" entry 1 names a setting that does not exist.',
      '"locked" entry 2 ("nope") names a setting that does not exist.',
      `"locked" entry 3 ("${'n'.repeat(40)}") names a setting that does not exist.`,
      `"locked" entry 4 ("${'n'.repeat(40)}") names a setting that does not exist.`,
    ]);
  });

  it('names each key locked twice and each key locked without a value', () => {
    expect(
      problemsOf(
        policy({
          settings: { shopName: 'A' },
          locked: ['shopName', 'currency', 'shopName', 'currency'],
        }),
      ),
    ).toEqual([
      '"locked" names currency, but "settings" gives no value for it: give the value to lock.',
      '"locked" names shopName twice.',
      '"locked" names currency twice.',
      '"locked" names currency, but "settings" gives no value for it: give the value to lock.',
    ]);
  });

  it('locks a key whose value is false, zero, empty or null: given is given', () => {
    const settings = {
      demoModeAllowed: false,
      autoLockMinutes: 0,
      shopName: '',
      lastChainId: null,
      ratePegs: [],
    };
    const locked = ['demoModeAllowed', 'autoLockMinutes', 'shopName', 'lastChainId', 'ratePegs'];
    expect(parseManagedPolicy(policy({ settings, locked }))).toEqual({
      ok: true,
      policy: { settings, locked },
    });
  });
});

describe('checkManagedPolicy', () => {
  it('checks a policy already read into an object, by the same rules', () => {
    expect(checkManagedPolicy({ settings: { currency: 'eur' }, locked: ['currency'] })).toEqual({
      ok: true,
      policy: { settings: { currency: 'EUR' }, locked: ['currency'] },
    });
    expect(checkManagedPolicy({ settings: { currency: 'euro' } })).toEqual({
      ok: false,
      problems: [
        'settings.currency: The currency must be a three-letter ISO 4217 code such as "USD".',
      ],
    });
  });

  it('says what is wrong with an object that is no policy, without a place', () => {
    expect(checkManagedPolicy([])).toEqual({
      ok: false,
      problems: ['Invalid input: expected object, received array'],
    });
  });
});

describe('managedPolicyJsonSchema', () => {
  const schema = managedPolicyJsonSchema() as {
    properties: Record<string, { default?: unknown; properties?: Record<string, unknown> }>;
    required?: string[];
  } & Record<string, unknown>;

  it('names itself and says in words what IT writes', () => {
    expect(schema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'https://counter-app.invalid/managed/policy.schema.json',
      title: 'Counter app managed policy',
      description:
        'Settings IT presets ("settings") and locks ("locked") on a till. Keys in "locked" must also appear in "settings". The app checks the whole file and applies nothing when any part is wrong.',
      type: 'object',
      additionalProperties: false,
    });
  });

  it('describes the file as IT writes it: every entry may be left out', () => {
    expect(Object.keys(schema.properties)).toEqual(['$schema', 'version', 'settings', 'locked']);
    expect(schema.required).toBeUndefined();
    expect(schema.properties.settings!.default).toEqual({});
    expect(schema.properties.locked!.default).toEqual([]);
    expect(Object.keys(schema.properties.settings!.properties!)).toEqual(settingKeys);
  });
});

describe('policyPath', () => {
  it('is the machine-wide location of each OS', () => {
    expect(policyPath('win32', { ProgramData: 'C:\\ProgramData' })).toBe(
      'C:\\ProgramData\\CounterApp\\policy.json',
    );
    expect(policyPath('win32', { PROGRAMDATA: 'D:\\Data\\' })).toBe(
      'D:\\Data\\CounterApp\\policy.json',
    );
    expect(policyPath('darwin', {})).toBe('/Library/Application Support/CounterApp/policy.json');
    expect(policyPath('linux', {})).toBe('/etc/counter-app/policy.json');
    expect(policyPath('freebsd', {})).toBe('/etc/counter-app/policy.json');
  });

  it('falls back to C:\\ProgramData when the variable is missing or not a drive path', () => {
    for (const value of [undefined, '', 'relative\\dir', '\\\\server\\share', '/tmp', 'C:\\a|b']) {
      expect(policyPath('win32', { ProgramData: value })).toBe(
        'C:\\ProgramData\\CounterApp\\policy.json',
      );
    }
  });

  it('ignores variables that would let a user move the file', () => {
    const env = {
      COUNTER_APP_POLICY: '/tmp/mine.json',
      HOME: '/home/u',
      XDG_CONFIG_HOME: '/home/u/.config',
    };
    expect(policyPath('linux', env)).toBe('/etc/counter-app/policy.json');
    expect(policyPath('darwin', env)).toBe('/Library/Application Support/CounterApp/policy.json');
  });
});

describe('loadManagedPolicy', () => {
  const path = '/etc/counter-app/policy.json';

  it('no file: nothing managed', () => {
    expect(loadManagedPolicy({ path, readFile: () => undefined })).toEqual({
      status: { kind: 'none', path },
    });
  });

  it('a good file: applied, with what it presets and locks', () => {
    const text = policy({
      settings: { serialNumber: 'T-1', shopName: 'Shop' },
      locked: ['serialNumber'],
    });
    expect(
      loadManagedPolicy({ path, readFile: (asked) => (asked === path ? text : undefined) }),
    ).toEqual({
      status: {
        kind: 'applied',
        path,
        presetKeys: ['serialNumber', 'shopName'],
        lockedKeys: ['serialNumber'],
      },
      policy: { settings: { serialNumber: 'T-1', shopName: 'Shop' }, locked: ['serialNumber'] },
    });
  });

  it('a bad file: reported, nothing to apply', () => {
    const load = loadManagedPolicy({ path, readFile: () => '{"settings":{"currency":1}}' });
    expect(load.policy).toBeUndefined();
    expect(load.status).toMatchObject({
      kind: 'invalid',
      path,
      problems: [expect.stringMatching(/currency/)],
    });
  });

  it('an unreadable file: reported, nothing to apply', () => {
    const load = loadManagedPolicy({
      path,
      readFile: () => {
        throw new Error('EACCES: permission denied');
      },
    });
    expect(load).toEqual({
      status: {
        kind: 'invalid',
        path,
        problems: ['The policy file could not be read: EACCES: permission denied'],
      },
    });
  });
});

describe('nodePolicyFileReader', () => {
  const dir = mkdtempSync(join(tmpdir(), 'policy-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a file, says "none" for a missing one, refuses directories and oversize files', () => {
    const file = join(dir, 'policy.json');
    writeFileSync(file, '{"settings":{}}');
    expect(nodePolicyFileReader(file)).toBe('{"settings":{}}');
    expect(nodePolicyFileReader(join(dir, 'missing.json'))).toBeUndefined();
    mkdirSync(join(dir, 'folder.json'));
    expect(() => nodePolicyFileReader(join(dir, 'folder.json'))).toThrow(/not a regular file/);
    const big = join(dir, 'big.json');
    writeFileSync(big, ' '.repeat(MAX_POLICY_BYTES + 1));
    expect(() => nodePolicyFileReader(big)).toThrow(/larger than/);
  });
});

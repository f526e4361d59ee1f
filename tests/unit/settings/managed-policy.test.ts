import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_POLICY_BYTES, parseManagedPolicy } from '../../../shared/managed-policy';
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

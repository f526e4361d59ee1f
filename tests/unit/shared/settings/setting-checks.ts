import { expect, it } from 'vitest';
import {
  checkSetting,
  defaultSettings,
  type SettingKey,
  type Settings,
  type SettingsEnvironment,
} from '../../../../shared/settings';

// How the tests of shared/settings/ try a value on a key (checkSetting) or a text on a pattern,
// so each domain's test says only which values its keys take and refuse, and in which words.

/** A value put into the setting's value (an entry of a list, a field of an object) to be tried. */
type Within<V> = (value: V) => unknown;
const asIs = <V>(value: V): unknown => value;

/** A row of a table test: the case's name, said in the test's name, and what is tried. */
type Named<V> = [name: string, value: V];

/** Taken, and handed back as `normalised` (as given unless said). */
export function accept(key: SettingKey, value: unknown, normalised: unknown = value): void {
  expect(checkSetting(key, value), JSON.stringify(value)).toEqual({ ok: true, value: normalised });
}

/** Refused with exactly these words (the schema's sentences, one after the other). */
export function refuse(key: SettingKey, value: unknown, words: string): void {
  expect(checkSetting(key, value), JSON.stringify(value)).toEqual({
    ok: false,
    problem: `${key}: ${words}`,
  });
}

/** Each of `values`, put into the setting's value by `within`, taken as given. */
export function acceptEach<V>(key: SettingKey, values: readonly V[], within: Within<V> = asIs) {
  for (const value of values) accept(key, within(value));
}

/** Each of `values`, put into the setting's value by `within`, refused in the same words. */
export function refuseEach<V>(
  key: SettingKey,
  values: readonly V[],
  words: string,
  within: Within<V> = asIs,
) {
  for (const value of values) refuse(key, within(value), words);
}

/** A limit at N-1, N and N+1: `make(limit - 1)` and `make(limit)` taken, `make(limit + 1)` refused. */
export function expectAtMost(
  key: SettingKey,
  limit: number,
  make: (size: number) => unknown,
  words: string,
) {
  accept(key, make(limit - 1));
  accept(key, make(limit));
  refuse(key, make(limit + 1), words);
}

/**
 * Whole numbers from `min` to `max`, each bound at N-1, N and N+1: min, min + 1, `usual` (when
 * given), max - 1 and max taken; min - 1 and max + 1 refused, in the same words or in the words
 * of the bound they pass.
 */
export function expectRange(
  key: SettingKey,
  { min, usual, max }: { min: number; usual?: number; max: number },
  words: string | { below: string; above: string },
  within: Within<number> = asIs,
) {
  const { below, above } = typeof words === 'string' ? { below: words, above: words } : words;
  const taken = [min, min + 1, ...(usual === undefined ? [] : [usual]), max - 1, max];
  acceptEach(key, taken, within);
  refuse(key, within(min - 1), below);
  refuse(key, within(max + 1), above);
}

/** True and false taken; what only looks like one of them (`lookalikes`) refused in `words`. */
export function expectTrueOrFalse(key: SettingKey, words: string, lookalikes: readonly unknown[]) {
  accept(key, true);
  accept(key, false);
  refuseEach(key, lookalikes, words);
}

/**
 * The domain declares the keys of `expected`, in that order, and each key defaults to its value
 * there (in `environment`, the computer's zone UTC unless said).
 */
export function expectDefaults(
  domain: object,
  expected: Partial<Settings>,
  environment: SettingsEnvironment = { reportTimeZone: 'UTC' },
) {
  const keys = Object.keys(expected) as SettingKey[];
  expect(Object.keys(domain)).toEqual(keys);
  const defaults = defaultSettings(environment);
  expect(Object.fromEntries(keys.map((key) => [key, defaults[key]]))).toEqual(expected);
}

/**
 * One test a row, `refuses <name>` (or `title`), each value, put into the setting's value by
 * `within`, refused in the same words.
 */
export function itRefusesEach<V>(
  key: SettingKey,
  words: string,
  cases: Named<V>[],
  { title = 'refuses %s', within = asIs }: { title?: string; within?: Within<V> } = {},
) {
  it.each(cases)(title, (_name, value) => {
    refuse(key, within(value), words);
  });
}

/** One test a row, `takes <name>`: the pattern matches each text. */
export function itMatchesEach(pattern: RegExp, cases: Named<string>[]) {
  it.each(cases)('takes %s', (_name, text) => {
    expect(pattern.test(text)).toBe(true);
  });
}

/** One test a row, `refuses <name>`: the pattern matches none of the texts. */
export function itMatchesNoneOf(pattern: RegExp, cases: Named<string>[]) {
  it.each(cases)('refuses %s', (_name, text) => {
    expect(pattern.test(text)).toBe(false);
  });
}

/** A text of `length` times `char` (for `expectAtMost`). */
export const repeating = (char: string) => (length: number) => char.repeat(length);

/** An https:// address of exactly `length` characters. */
export const httpsAddressOfLength = (length: number) =>
  `https://${'a'.repeat(length - 'https://'.length)}`;

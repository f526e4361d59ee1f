import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inOrder, migrations } from '../../../electron/journal/migrations';
import type { Migration } from '../../../electron/journal/migrations/migration';

const folder = join(import.meta.dirname, '../../../electron/journal/migrations');

/**
 * Each shipped migration's SQL, as SHA-256 of its text: a shipped migration is never edited,
 * not even its whitespace. A new migration's hash is added here when it is added to the list.
 */
const SHIPPED_SQL: Record<number, string> = {
  1: '203e45a9a265803f77bc9d066b891367d2f42ff4ffe768f4d8f354a74ba6f246',
  2: 'c5b94328fda53938e5b4edf829ae0d1cba642ab9b039c34795866f2ac0f87844',
  3: 'f3421e0d28828039aa9f9944a5113231171f8809ab13f02f196dc0b0baeb1c36',
  4: '219d2379e25269d2c7295e462cf0be012e61736efad8aaf8abaa9ee8612eb655',
  5: '0dc11694de33716bcd38ed961b8d938a460aacb5a32cd9d61fa97a43216dea10',
  6: '6cc832eacda827af0bc7fa59894537cce4de6503956fc559e3a20f5d5848ca70',
  7: '373eb562e8238f9b96046cc443a6417956579f19010182dd86dd06bbae04a732',
  8: '8f6b6765d5c4c638407e5751926591059f708bf4e7c51ccc99a6b8663169467f',
  9: '90f21dd4ab7cce5341f062af4242c65c40702de71146295754c209714d8163d6',
  10: 'dd3866fc56587d82734db3fd2a604126c70e437210ed51643360694c478d82ee',
  11: '5be8692750a788fe32d6639b16ceccd6aff2604c39e06ec80745fa42c2a36592',
};

const step = (version: number): Migration => ({ version, description: `step ${version}`, sql: '' });

describe('the journal migrations list', () => {
  it('is numbered 1, 2, 3 ... in order', () => {
    expect(migrations.map((m) => m.version)).toEqual(migrations.map((_, index) => index + 1));
  });

  it('is checked when it loads: a gap, a repeat or a wrong order is refused', () => {
    const good = [step(1), step(2), step(3)];
    expect(inOrder(good)).toBe(good);
    expect(inOrder([])).toEqual([]);
    expect(() => inOrder([step(1), step(3)])).toThrow(/"step 3" is version 3, at place 2/);
    expect(() => inOrder([step(2), step(1)])).toThrow(/is version 2, at place 1/);
    expect(() => inOrder([step(1), step(1)])).toThrow(/is version 1, at place 2/);
    expect(() => inOrder([step(0)])).toThrow(/is version 0, at place 1/);
  });

  it('holds one file per migration, named by its number, each in the list at its place', async () => {
    const files = readdirSync(folder)
      .filter((name) => name !== 'migration.ts')
      .sort();
    expect(files).toHaveLength(migrations.length);
    for (const [index, name] of files.entries()) {
      expect(name).toMatch(/^\d{3}-[a-z0-9]+(-[a-z0-9]+)*\.ts$/);
      expect(Number(name.slice(0, 3)), name).toBe(index + 1);
      const exported = Object.values((await import(join(folder, name))) as object);
      expect(exported, name).toEqual([migrations[index]]);
      expect(exported[0], name).toBe(migrations[index]);
    }
  });

  it('keeps every shipped migration exactly as it shipped', () => {
    for (const migration of migrations) {
      const sha256 = createHash('sha256').update(migration.sql).digest('hex');
      expect(sha256, `migration ${migration.version}'s SQL`).toBe(SHIPPED_SQL[migration.version]);
    }
  });
});

import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callNames } from '../../../shared/ipc/contract';
import { startHarness, type Harness } from '../../support/harness/harness';
import { callThrough } from './harness-call';

/**
 * Whatever a page sends, main answers in words of bounded size and the journal stays as it
 * was: arbitrary JSON, field names the contract uses with any values, prototype keys and
 * oversized text, through the same dispatch both transports use, into the real services
 * (demo mode, the built-in sandbox on loopback, a real journal file).
 */
describe('every IPC call survives arbitrary input', () => {
  let harness: Harness | undefined;
  const call = callThrough(() => harness);
  const journalRows = () => {
    const db = new DatabaseSync(join(harness!.dataDir, 'journal.sqlite'), { readOnly: true });
    try {
      return JSON.stringify(db.prepare('SELECT * FROM orders ORDER BY order_id').all());
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => harness?.close());

  const fieldNames = [
    'amount',
    'chainId',
    'asset',
    'query',
    'orderId',
    'reason',
    'filter',
    'fromDate',
    'toDate',
    'patch',
    'keys',
    'token',
    'baseUrl',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
  ];
  const hostile = fc.oneof(
    fc.jsonValue({ maxDepth: 4 }),
    fc.dictionary(fc.constantFrom(...fieldNames), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }),
    fc.dictionary(fc.string({ maxLength: 70 }), fc.string({ maxLength: 5000 }), { maxKeys: 40 }),
    fc.constant({
      patch: Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i])),
    }),
    fc.constant({ query: 'x'.repeat(200_000) }),
    fc.constant({ fromDate: '2024-02-31', toDate: '2024-02-31' }),
  );

  it('never throws, answers a bounded result, and leaves the journal unchanged', async () => {
    const before = journalRows();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...callNames, 'noSuchCall', '__proto__'),
        hostile,
        async (name, args) => {
          const result = await call(name as never, args);
          expect(typeof result.ok).toBe('boolean');
          if (!result.ok) {
            expect(typeof result.error.kind).toBe('string');
            expect(JSON.stringify(result.error).length).toBeLessThan(4_000);
          }
        },
      ),
      { numRuns: 300, seed: 20261125 },
    );
    expect(journalRows()).toBe(before);
  }, 60_000);

  it('refuses a settings patch with more keys than there are settings, in a few words', async () => {
    const patch = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, 'v']));
    const result = await call('updateSettings', { patch });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-argument' } });
    expect(JSON.stringify(result).length).toBeLessThan(300);
  });

  it('refuses dates that are not on the calendar', async () => {
    for (const date of ['2024-02-31', '2023-02-29', '2026-13-01', '2026-00-10']) {
      expect(await call('report', { fromDate: date, toDate: date })).toMatchObject({
        ok: false,
        error: { kind: 'invalid-argument' },
      });
    }
    expect(await call('report', { fromDate: '2024-02-29', toDate: '2024-02-29' })).toMatchObject({
      ok: true,
    });
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  transactionRunner,
  type InTransaction,
} from '../../../electron/journal/sqlite-transaction';

describe('transactionRunner', () => {
  let db: DatabaseSync;
  let inTransaction: InTransaction;
  const count = () => (db.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n;

  beforeEach(() => {
    db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE t (x INTEGER NOT NULL)');
    inTransaction = transactionRunner(db);
  });
  afterEach(() => db.close());

  it('commits what the work wrote and returns its result', () => {
    const result = inTransaction(() => {
      db.prepare('INSERT INTO t VALUES (1), (2)').run();
      expect(db.isTransaction).toBe(true);
      return 'done';
    });
    expect(result).toBe('done');
    expect(db.isTransaction).toBe(false);
    expect(count()).toBe(2);
  });

  it('rolls everything back when the work throws, and rethrows its error', () => {
    expect(() =>
      inTransaction(() => {
        db.prepare('INSERT INTO t VALUES (1)').run();
        db.prepare('INSERT INTO t VALUES (NULL)').run();
      }),
    ).toThrow(/NOT NULL/);
    expect(db.isTransaction).toBe(false);
    expect(count()).toBe(0);
  });

  it('rethrows the first error when SQLite already rolled back by itself', () => {
    // As after a disk-full or I/O error: the transaction is gone before the helper's ROLLBACK.
    expect(() =>
      inTransaction(() => {
        db.prepare('INSERT INTO t VALUES (1)').run();
        db.exec('ROLLBACK');
        throw new Error('disk is full');
      }),
    ).toThrow('disk is full');
    expect(count()).toBe(0);
  });

  it('takes the write lock at BEGIN (IMMEDIATE), not at the first write', () => {
    const dir = mkdtempSync(join(tmpdir(), 'transaction-'));
    const first = new DatabaseSync(join(dir, 'file.sqlite'));
    const second = new DatabaseSync(join(dir, 'file.sqlite'), { timeout: 0 });
    try {
      first.exec('PRAGMA journal_mode = WAL; CREATE TABLE t (x)');
      transactionRunner(first)(() => {
        // Nothing written yet, and already no other connection can start writing.
        expect(() => second.exec('BEGIN IMMEDIATE')).toThrow(/locked/);
      });
      second.exec('BEGIN IMMEDIATE; ROLLBACK');
    } finally {
      first.close();
      second.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

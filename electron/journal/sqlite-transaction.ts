import type { DatabaseSync } from 'node:sqlite';

/** Runs `work` in one transaction: committed if it returns, rolled back if it throws. */
export type InTransaction = <T>(work: () => T) => T;

/**
 * node:sqlite has no transaction wrapper, so this is ours. BEGIN IMMEDIATE takes the write lock
 * up front: a compare-and-set reads then writes, and a deferred BEGIN would fail with
 * SQLITE_BUSY at the write, past the busy timeout, if another connection wrote in between.
 * The three statements are prepared once per connection (a commit is on every sale's path).
 * Transactions do not nest: BEGIN inside one throws, and the outer one rolls back.
 */
export function transactionRunner(db: DatabaseSync): InTransaction {
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  const rollback = db.prepare('ROLLBACK');
  return <T>(work: () => T): T => {
    begin.run();
    try {
      const result = work();
      commit.run();
      return result;
    } catch (error) {
      // Some errors (disk full, I/O) make SQLite roll back by itself; a second ROLLBACK would
      // throw "no transaction is active" and hide the error that matters.
      if (db.isTransaction) rollback.run();
      throw error;
    }
  };
}

import type { DatabaseSync, SQLOutputValue } from 'node:sqlite';

/**
 * Runs one PRAGMA and returns the first column of its first row (undefined if it returns
 * none), e.g. pragmaValue(db, 'journal_mode = WAL') -> 'wal'. node:sqlite has no pragma
 * helper; a PRAGMA is an ordinary statement there.
 */
export function pragmaValue(db: DatabaseSync, pragma: string): SQLOutputValue | undefined {
  const row = db.prepare(`PRAGMA ${pragma}`).get();
  return row === undefined ? undefined : Object.values(row)[0];
}

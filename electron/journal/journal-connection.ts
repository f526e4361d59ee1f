import { DatabaseSync } from 'node:sqlite';
import { pragmaValue } from './sqlite-pragma';

export type Durability = 'normal' | 'full';

/** How long a statement waits for another connection's lock before it fails (SQLITE_BUSY). */
export const BUSY_TIMEOUT_MS = 5000;

/**
 * Opens the writer's connection with the journal's crash-safety settings (see README.md,
 * "Durability"): WAL, synchronous NORMAL (or FULL), foreign keys on, no automatic checkpoints.
 */
export function openJournalConnection(path: string, durability: Durability): DatabaseSync {
  const db = new DatabaseSync(path, {
    // Another process (a report tool, a second start) may hold the write lock briefly.
    timeout: BUSY_TIMEOUT_MS,
    enableForeignKeyConstraints: true,
  });
  try {
    const mode = pragmaValue(db, 'journal_mode = WAL');
    // SQLite answers with the mode it is in; a file it could not switch (a read-only folder, a
    // file system without shared memory) would silently lose the guarantees below.
    if (path !== ':memory:' && mode !== 'wal') {
      throw new Error(`the journal could not switch to WAL (it is in ${String(mode)} mode)`);
    }
    db.exec(`PRAGMA synchronous = ${durability === 'full' ? 'FULL' : 'NORMAL'}`);
    // Checkpoints are the journal's own (SqliteOrderJournal's idleCheckpointMs), not SQLite's
    // automatic ones inside whichever commit crosses 1000 pages.
    db.exec('PRAGMA wal_autocheckpoint = 0');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * A read-only connection to a journal the writer has created. In WAL mode it reads a
 * consistent snapshot while the writer goes on; opening fails if the file does not exist.
 */
export function openReadOnlyConnection(path: string): DatabaseSync {
  return new DatabaseSync(path, { readOnly: true, timeout: BUSY_TIMEOUT_MS });
}

import { openReadOnlyConnection } from '../journal/journal-connection';

export type JournalCheck =
  | { result: 'ok' }
  | { result: 'problems'; problems: string[] }
  | { result: 'not-checked'; reason: string };

/** SQLite stops listing after this many problems; IT needs the first few, not thousands. */
const MAX_PROBLEMS = 20;

/**
 * `PRAGMA quick_check` on its own read-only connection: it reads the journal as it is on disk
 * (a snapshot, in WAL mode) and never takes the writer's lock, so a sale may go on meanwhile.
 * quick_check rather than integrity_check: it finds the same damage to pages and records
 * without cross-checking every index, which on a year of orders takes many seconds.
 */
export function checkJournal(path: string): JournalCheck {
  let db;
  try {
    db = openReadOnlyConnection(path);
  } catch (error) {
    return { result: 'not-checked', reason: reasonOf(error) };
  }
  try {
    const rows = db.prepare(`PRAGMA quick_check(${MAX_PROBLEMS})`).all();
    const lines = rows.map((row) => String(Object.values(row)[0]));
    return lines.length === 1 && lines[0] === 'ok'
      ? { result: 'ok' }
      : { result: 'problems', problems: lines };
  } catch (error) {
    // A file too damaged to read at all answers with an error instead of rows.
    return { result: 'problems', problems: [reasonOf(error)] };
  } finally {
    db.close();
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync, SQLOutputValue } from 'node:sqlite';
import { afterEach, beforeEach, expect } from 'vitest';
import { openJournalConnection } from '../../../../electron/journal/journal-connection';
import { migrate, migrations } from '../../../../electron/journal/migrations';

/** When the migrations before the one under test ran, and when it runs. */
export const BEFORE_MS = 1_000;
const NOW_MS = 50_000;

type Row = Record<string, SQLOutputValue>;

/** What a file held when it was written: its tables, their rows, its schema (`schemaOf`). */
interface Snapshot {
  tables: string[];
  rows(table: string): Row[];
  schema: Record<string, string | null>;
}

interface Opened {
  db: DatabaseSync;
  version: number;
}

/** The journal file of the test running now, alone in a temp folder of its own. */
interface TempJournal {
  /** The file's path; nothing is there until the file is written or opened. */
  readonly path: string;
  openAt(version: number): Opened;
  /**
   * Migration `version` run on a file of the version before, as `write` filled it: checks the
   * file reached `version` (`expectAt`) and returns the file as written and the open connection.
   */
  runMigration(
    version: number,
    write: (db: DatabaseSync) => void,
  ): { before: Snapshot; db: DatabaseSync };
}

/**
 * Registers the calling `describe`'s hooks: each test gets a new temp folder, and after it every
 * connection it opened through `openAt` or `runMigration` is closed, even when the test failed
 * half-way, before the folder is removed (an open connection holds the file and its WAL).
 */
export function useTempJournal(): TempJournal {
  let dir: string | null = null;
  const opened: DatabaseSync[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'counter-migration-'));
  });
  afterEach(() => {
    for (const db of opened.splice(0)) if (db.isOpen) db.close();
    if (dir) rmSync(dir, { recursive: true });
    dir = null;
  });
  const journal: TempJournal = {
    get path() {
      if (!dir) throw new Error('the temp journal is there only while a test runs');
      return join(dir, 'journal.sqlite');
    },
    openAt(version) {
      const file = openAt(journal.path, version);
      opened.push(file.db);
      return file;
    },
    runMigration(version, write) {
      const before = writeJournalAt(journal.path, version - 1, write);
      const file = journal.openAt(version);
      expectAt(file, version);
      return { before, db: file.db };
    },
  };
  return journal;
}

/** The file is at `version`, with a `schema_version` row for each migration, the last run now. */
export function expectAt(file: Opened, version: number): void {
  expect(file.version).toBe(version);
  expect(versionsOf(file.db)).toEqual(versionsAt(version));
}

/**
 * What a migration owes the rows already there: every table the file was written with (but
 * `schema_version`, which `expectAt` checks) holds exactly its rows, with null in the columns
 * `added` to it (by table, column and declared type); each added column has that type, no NOT
 * NULL and no default, as the old rows' nulls require.
 */
export function expectRowsKept(
  db: DatabaseSync,
  before: Snapshot,
  added: Record<string, Record<string, string>> = {},
): void {
  for (const [table, types] of Object.entries(added)) {
    // A table the file did not have would be skipped below, its rows checked by nobody.
    expect(before.tables, table).toContain(table);
    const columns = columnsOf(db, table);
    for (const [name, type] of Object.entries(types)) {
      expect(columns[name], `${table}.${name}`).toEqual({ type, notNull: false, default: null });
    }
  }
  for (const table of before.tables.filter((name) => name !== 'schema_version')) {
    const nulls = Object.fromEntries(Object.keys(added[table] ?? {}).map((name) => [name, null]));
    expect(rowsOf(db, table), table).toEqual(
      before.rows(table).map((row) => ({ ...row, ...nulls })),
    );
  }
}

/** Every schema object but `changed` (new or altered by the migration) is as the file was written. */
export function expectSchemaKeptBut(
  db: DatabaseSync,
  before: Snapshot,
  ...changed: string[]
): void {
  const kept = (schema: Record<string, string | null>) =>
    Object.fromEntries(Object.entries(schema).filter(([name]) => !changed.includes(name)));
  expect(kept(schemaOf(db))).toEqual(kept(before.schema));
}

/**
 * A journal file as the app of `version` left it: opened as the journal opens it, migrations
 * 1 to `version` run by the journal's own runner (with their `schema_version` rows), `write`
 * puts rows in with that version's columns, then the file is closed. Returns every row of
 * every table as written (`rowsOf`) and the schema (`schemaOf`), to hold the migrated file to.
 */
export function writeJournalAt(
  path: string,
  version: number,
  write: (db: DatabaseSync) => void,
): Snapshot {
  const db = openJournalConnection(path, 'normal');
  try {
    if (migrate(db, BEFORE_MS, migrations.slice(0, version)) !== version) {
      throw new Error(`the file did not reach version ${version}`);
    }
    write(db);
    const tables = new Map(tablesOf(db).map((table) => [table, rowsOf(db, table)]));
    return {
      tables: [...tables.keys()],
      rows: (table) => {
        const rows = tables.get(table);
        if (!rows) throw new Error(`the file has no table ${table}`);
        return rows;
      },
      schema: schemaOf(db),
    };
  } finally {
    db.close();
  }
}

/**
 * Opens the file as the journal does and runs its runner with the migrations up to `version`,
 * as the app that shipped migration `version` does. The caller closes the connection.
 */
function openAt(path: string, version: number): Opened {
  const db = openJournalConnection(path, 'normal');
  try {
    return { db, version: migrate(db, NOW_MS, migrations.slice(0, version)) };
  } catch (error) {
    db.close();
    throw error;
  }
}

/** The `schema_version` rows a file at `version` has when `version` ran last, just now. */
export function versionsAt(version: number): Row[] {
  return migrations.slice(0, version).map((migration) => ({
    version: migration.version,
    applied_at_ms: migration.version < version ? BEFORE_MS : NOW_MS,
    description: migration.description,
  }));
}

export function versionsOf(db: DatabaseSync): Row[] {
  return plain(
    db.prepare('SELECT version, applied_at_ms, description FROM schema_version ORDER BY version'),
  );
}

/** Every row of a table as plain objects, in rowid (or primary key) order. */
export function rowsOf(db: DatabaseSync, table: string): Row[] {
  return plain(db.prepare(`SELECT * FROM "${table}" ORDER BY 1`));
}

/** Each column's declared type, NOT NULL and default, by name, in table order. */
export function columnsOf(
  db: DatabaseSync,
  table: string,
): Record<string, { type: string; notNull: boolean; default: SQLOutputValue }> {
  const rows = db.prepare(`PRAGMA table_info("${table}")`).all() as {
    name: string;
    type: string;
    notnull: number;
    dflt_value: SQLOutputValue;
  }[];
  return Object.fromEntries(
    rows.map((c) => [c.name, { type: c.type, notNull: c.notnull === 1, default: c.dflt_value }]),
  );
}

export function tablesOf(db: DatabaseSync): string[] {
  return namesOf(db, 'table');
}

/** The names of the file's indexes or triggers (SQLite's own automatic indexes left out). */
export function namesOf(db: DatabaseSync, type: 'table' | 'index' | 'trigger'): string[] {
  return (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = ? AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all(type) as { name: string }[]
  ).map((row) => row.name);
}

/** Every schema object's SQL by name: what a migration left alone compares equal. */
export function schemaOf(db: DatabaseSync): Record<string, string | null> {
  const rows = db
    .prepare("SELECT name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'")
    .all() as { name: string; sql: string | null }[];
  return Object.fromEntries(rows.map((row) => [row.name, row.sql]));
}

function plain(statement: ReturnType<DatabaseSync['prepare']>): Row[] {
  return statement.all().map((row) => ({ ...row }));
}

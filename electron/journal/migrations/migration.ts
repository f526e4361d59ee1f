/**
 * One schema change of the journal, in its own file named by its number (`NNN-what.ts`).
 * Once shipped it is never edited, not even its SQL's whitespace: the next change is the next
 * migration. It runs in one transaction together with its `schema_version` row.
 */
export interface Migration {
  /** 1, 2, 3 ...: its place in the list (`../migrations.ts`), without gaps. */
  version: number;
  /** Stored in `schema_version` beside the version. */
  description: string;
  sql: string;
}

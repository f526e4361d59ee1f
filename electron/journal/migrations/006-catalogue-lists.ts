import type { Migration } from './migration';

export const catalogueLists: Migration = {
  version: 6,
  description: 'the last chain and asset lists each service gave (the pickers show them at once)',
  sql: `
      CREATE TABLE catalogue_lists (
        -- The service origin, or 'demo' for the built-in sandbox (its port changes every start).
        service TEXT NOT NULL,
        -- 'chains', or 'assets:<chain id>'.
        list TEXT NOT NULL,
        -- The service's own answer (wire objects), JSON.
        items TEXT NOT NULL,
        saved_at_ms INTEGER NOT NULL,
        PRIMARY KEY (service, list)
      ) WITHOUT ROWID;
    `,
};

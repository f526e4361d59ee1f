import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Clock } from '../../shared/clock';

/**
 * The last chain and asset lists each service gave (table `catalogue_lists`, migration 6), so
 * the pickers have a catalogue at once after a restart, whatever the service does. One row per
 * service and list ('chains', 'assets:<chain id>'), replaced by each good answer; the items
 * are the service's own wire objects as JSON. What is read back is unknown until the caller
 * checks it against the wire schemas (the file could be old or damaged).
 */
export class CatalogueStore {
  private readonly statements: Record<'load' | 'save', StatementSync>;

  constructor(
    db: DatabaseSync,
    private readonly clock: Clock,
  ) {
    this.statements = {
      load: db.prepare('SELECT items FROM catalogue_lists WHERE service = ? AND list = ?'),
      save: db.prepare(`INSERT INTO catalogue_lists (service, list, items, saved_at_ms)
          VALUES (?, ?, ?, ?)
          ON CONFLICT (service, list) DO UPDATE SET items = excluded.items,
            saved_at_ms = excluded.saved_at_ms`),
    };
  }

  /** The saved list, parsed but unchecked; null when none was saved or it is not JSON. */
  load(service: string, list: string): unknown {
    const row = this.statements.load.get(service, list) as { items: string } | undefined;
    if (!row) return null;
    try {
      return JSON.parse(row.items) as unknown;
    } catch {
      return null;
    }
  }

  save(service: string, list: string, items: readonly unknown[]): void {
    this.statements.save.run(service, list, JSON.stringify(items), this.clock.now());
  }
}

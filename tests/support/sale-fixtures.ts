import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../shared/clock';
import type { Asset } from '../../shared/wire/asset';
import type { Chain } from '../../shared/wire/chain';
import { SqliteOrderJournal } from '../../electron/journal/sqlite-order-journal';
import type { SaleTerms } from '../../electron/sale/sale-service';
import type { SaleSnapshot } from '../../electron/sale/sale-snapshot';

export const testChain: Chain = {
  name: 'SUI',
  chain_id: 101,
  logo: 'https://logos.example/sui.svg',
};
export const testAsset: Asset = {
  asset: 'USDC',
  chain: 'SUI',
  chain_id: 101,
  decimal: 6,
  logo: 'https://logos.example/usdc.svg',
};
export const testTerms: SaleTerms = {
  serialNumber: 'POS-0001',
  currency: 'USD',
  feeValue: '0.25',
  rateTolerancePercent: '1',
};

export interface TempJournal {
  dir: string;
  path: string;
  journal: SqliteOrderJournal;
  /** Closes the journal and deletes the folder. */
  cleanup(): void;
}

/** A real SQLite journal in a fresh temporary folder. */
export function tempJournal(clock: Clock, prefix = 'sale-journal-'): TempJournal {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const path = join(dir, 'journal.sqlite');
  const journal = new SqliteOrderJournal({ path, clock });
  return {
    dir,
    path,
    journal,
    cleanup() {
      journal.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The sale's next change event. Ask for it before the step that causes the change (e.g. the
 * fake client answering), await it after: the test goes on once the sale has moved, however
 * many promise turns that took.
 */
export function nextChange(sale: {
  onChange(listener: (snapshot: SaleSnapshot | null) => void): () => void;
}): Promise<SaleSnapshot | null> {
  return new Promise((resolve) => {
    const stop = sale.onChange((snapshot) => {
      stop();
      resolve(snapshot);
    });
  });
}

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteOrderJournal } from '../../../electron/journal/sqlite-order-journal';
import { systemClock } from '../../../shared/clock';

const CHILD = join(import.meta.dirname, '../../support/sale-journal-child.ts');

describe('journal survives SIGKILL', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'journal-kill-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('every write that returned before the kill is there, and the file is intact', async () => {
    const path = join(dir, 'journal.sqlite');
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, path], {
      cwd: join(import.meta.dirname, '../../..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const acknowledged: string[] = [];
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    await new Promise<void>((resolve) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        acknowledged.push(line);
        // Kill in the middle of a burst, while writes are still going on.
        if (acknowledged.length === 2_025) {
          child.kill('SIGKILL');
          resolve();
        }
      });
    });
    expect(await exited).toBe('SIGKILL');

    const journal = new SqliteOrderJournal({ path, clock: systemClock });
    try {
      expect(journal.db.pragma('integrity_check', { simple: true })).toBe('ok');
      for (const orderId of acknowledged) {
        expect(journal.get(orderId)?.state, orderId).toBe('cancelled');
      }
      expect(journal.openOrders().length).toBeLessThanOrEqual(1);
    } finally {
      journal.close();
    }
  });
});

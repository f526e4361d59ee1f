import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteOrderJournal } from '../../../electron/journal/sqlite-order-journal';
import { pragmaValue } from '../../../electron/journal/sqlite-pragma';
import { systemClock } from '../../../shared/clock';

const CHILD = join(import.meta.dirname, '../../support/sale-journal-child.ts');
/** Kill in the middle of a burst (the child writes 50 orders per turn), while writes go on. */
const KILL_AFTER = 2_025;

describe('journal survives SIGKILL', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'journal-kill-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('every write that returned before the kill is there, and the file is intact', async () => {
    const path = join(dir, 'journal.sqlite');
    // The same Node as the tests (node:sqlite comes with it).
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, path], {
      cwd: join(import.meta.dirname, '../../..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const acknowledged: string[] = [];
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    await new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        acknowledged.push(line);
        if (acknowledged.length === KILL_AFTER) {
          child.kill('SIGKILL');
          resolve();
        }
      });
      // A child that dies on its own (a module that does not load, a journal that will not
      // open) fails the test at once with its own words, not after the test timeout.
      child.once('close', (code, signal) => {
        if (acknowledged.length < KILL_AFTER) {
          reject(
            new Error(
              `the writer exited by itself (code ${code}, signal ${signal}) after ${acknowledged.length} writes:\n${stderr}`,
            ),
          );
        }
      });
      child.once('error', reject);
    });
    expect(await exited).toBe('SIGKILL');

    const journal = new SqliteOrderJournal({ path, clock: systemClock });
    try {
      expect(pragmaValue(journal.db, 'integrity_check')).toBe('ok');
      for (const orderId of acknowledged) {
        expect(journal.get(orderId)?.state, orderId).toBe('cancelled');
      }
      expect(journal.openOrders().length).toBeLessThanOrEqual(1);
    } finally {
      journal.close();
    }
  });
});

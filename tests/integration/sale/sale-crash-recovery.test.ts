import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteOrderJournal } from '../../../electron/journal/sqlite-order-journal';
import { SaleService } from '../../../electron/sale/sale-service';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/sandbox-server';
import { createServiceClient } from '../../../electron/service-client/payment-service-client';
import { systemClock } from '../../../shared/clock';
import { testTerms } from '../../support/sale-fixtures';

const CHILD = join(import.meta.dirname, '../../support/sale-child.ts');

interface ChildLine {
  state?: string;
  orderId?: string;
  error?: string;
}

/**
 * A real till process is killed (SIGKILL: no exit handler, no cleanup) in the middle of a
 * sale, then a new SaleService recovers from the same journal file.
 */
describe('crash recovery with a killed child process', () => {
  let sandbox: RunningSandbox;
  let dir: string;
  let dbPath: string;
  let child: ChildProcess | null;
  let journal: SqliteOrderJournal | null;

  beforeEach(async () => {
    sandbox = await startSandbox();
    dir = mkdtempSync(join(tmpdir(), 'sale-crash-'));
    dbPath = join(dir, 'journal.sqlite');
    child = null;
    journal = null;
  });
  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    journal?.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Starts the till child; `lines` yields what it prints. */
  const startChild = () => {
    const proc = spawn(
      process.execPath,
      ['--import', 'tsx', CHILD, dbPath, sandbox.baseUrl, sandbox.token],
      {
        cwd: join(import.meta.dirname, '../../..'),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child = proc;
    const lines: ChildLine[] = [];
    const waiters: { test: (line: ChildLine) => boolean; resolve: (line: ChildLine) => void }[] =
      [];
    let stderr = '';
    proc.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    createInterface({ input: proc.stdout as NodeJS.ReadableStream }).on('line', (text) => {
      const line = JSON.parse(text) as ChildLine;
      lines.push(line);
      for (const waiter of [...waiters]) {
        if (waiter.test(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
    });
    const waitFor = (test: (line: ChildLine) => boolean) =>
      new Promise<ChildLine>((resolve, reject) => {
        const seen = lines.find(test);
        if (seen) return resolve(seen);
        waiters.push({ test, resolve });
        proc.once('exit', () => reject(new Error(`child exited early: ${stderr}`)));
      });
    const kill = async () => {
      const exited = new Promise((resolve) =>
        proc.once('exit', (_code, signal) => resolve(signal)),
      );
      proc.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
    };
    return { lines, waitFor, kill };
  };

  const recoverHere = async () => {
    journal = new SqliteOrderJournal({ path: dbPath, clock: systemClock });
    const client = createServiceClient({
      baseUrl: sandbox.baseUrl,
      getToken: () => sandbox.token,
      clock: systemClock,
    });
    const sale = new SaleService({ journal, client, clock: systemClock, terms: () => testTerms });
    return { sale, journal, snapshot: await sale.recover() };
  };

  it('killed while generate_qr hangs: the order comes back as outcome unknown (reason restart)', async () => {
    sandbox.setFaults([{ endpoint: 'generate_qr', hang: true }]);
    const till = startChild();
    await sandbox.waitForRequests('generate_qr', 1);
    const requesting = await till.waitFor((line) => line.state === 'requesting');
    await till.kill();
    sandbox.setFaults([]);

    const { snapshot, journal: reopened } = await recoverHere();
    expect(snapshot).toMatchObject({
      orderId: requesting.orderId,
      state: 'outcome-unknown',
      lastFailure: { kind: 'outcome-unknown' },
    });
    const events = reopened.events(requesting.orderId as string);
    expect(events.map((e) => `${e.fromState}->${e.toState}/${e.reasonKind}`)).toEqual([
      'null->requesting/cashier',
      'requesting->outcome-unknown/restart',
    ]);
    // The order the sandbox received is the journaled one, and nothing was re-sent at recovery.
    const sent = sandbox.requests().filter((r) => r.endpoint === 'generate_qr');
    expect(sent.map((r) => (r.body as { order_id: string }).order_id)).toEqual([
      requesting.orderId,
    ]);
  });

  it('killed while the link is shown: the same link comes back, no second generate_qr', async () => {
    const till = startChild();
    const shown = await till.waitFor((line) => line.state === 'awaiting-payment');
    await till.kill();

    const { snapshot } = await recoverHere();
    const [order] = sandbox.orders();
    expect(snapshot).toMatchObject({
      orderId: shown.orderId,
      state: 'awaiting-payment',
      showQr: true,
    });
    expect(snapshot?.link?.qrUrl).toBe(order?.qrUrl);
    expect(sandbox.requests().filter((r) => r.endpoint === 'generate_qr')).toHaveLength(1);
  });
});

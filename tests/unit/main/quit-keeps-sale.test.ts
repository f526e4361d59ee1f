import { existsSync, statSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../support/manual-clock';
import { FakeSaleClient, linkFor } from '../../support/sale-fake-client';
import { tempJournal, testAsset, testChain, testTerms } from '../../support/sale-fixtures';
import { FakeApp, FakeWindow, relaunchGetsLock, resetLock } from './support/fake-electron-app';

const electron = vi.hoisted(() => ({
  app: undefined as unknown as FakeApp,
  showMessageBox: vi.fn(),
}));
vi.mock('electron', async () =>
  (await import('./support/quit-electron-module')).quitElectronModule(electron),
);

import { SqliteOrderJournal } from '../../../electron/journal/sqlite-order-journal';
import { askQuitDuringSale } from '../../../electron/main/lifecycle/quit-confirmation';
import { installQuitSequence } from '../../../electron/main/lifecycle/quit-sequence';
import { SaleService } from '../../../electron/sale/sale-service';

/** The journal's SQLite binding must load in this Node; say so plainly when it does not. */
function journalUnavailable(): string | undefined {
  try {
    new SqliteOrderJournal({ path: ':memory:', clock: new ManualClock() }).close();
    return undefined;
  } catch (error) {
    return (error as Error).message.split('\n')[0];
  }
}
const unavailable = journalUnavailable();
if (unavailable)
  console.warn(
    `quit-keeps-sale NOT RUN: the SQLite journal does not open in Node ${process.version} (${unavailable})`,
  );

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

/** With a real SQLite journal: quitting mid-sale closes it tidily and the sale comes back. */
describe.skipIf(unavailable !== undefined)('quitting during a sale, real journal', () => {
  it('"quit" checkpoints and closes the journal; the next start resumes the same sale', async () => {
    resetLock();
    electron.app = new FakeApp();
    electron.app.requestSingleInstanceLock();
    const clock = new ManualClock();
    const temp = tempJournal(clock, 'quit-sale-');
    cleanups.push(() => temp.cleanup());
    const client = new FakeSaleClient();
    const sale = new SaleService({ journal: temp.journal, client, clock, terms: () => testTerms });
    const pending = sale.startQrSale({ amount: '12.50', asset: testAsset, chain: testChain });
    client.lastQr().resolve(linkFor(client.lastQr().request, { sentAtMs: clock.now() }));
    const shown = await pending;

    const cashier = new FakeWindow(electron.app, true, 'cashier');
    const quit = installQuitSequence({
      services: () => ({
        sale,
        // AppServices.close() over the parts this test has: the journal closes last here.
        close: async () => temp.journal.close(),
      }),
      cashierWindow: () => cashier,
      closeDisplays: () => undefined,
      confirmQuitDuringSale: (open) => askQuitDuringSale(cashier as never, open),
      clock,
    });
    quit.guard(cashier as never);
    electron.showMessageBox.mockResolvedValue({ response: 1, checkboxChecked: false });

    electron.app.quit();
    for (let i = 0; i < 10; i++) await new Promise<void>((resolve) => setImmediate(resolve));

    expect(electron.showMessageBox).toHaveBeenCalledTimes(1);
    expect(electron.app.exitCode).toBe(0);
    expect(relaunchGetsLock()).toBe(true);
    // Closed with a checkpoint: the write-ahead log is folded into the file.
    const wal = `${temp.path}-wal`;
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);

    const reopened = new SqliteOrderJournal({ path: temp.path, clock });
    cleanups.unshift(() => reopened.close());
    const next = new SaleService({
      journal: reopened,
      client: new FakeSaleClient(),
      clock,
      terms: () => testTerms,
    });
    expect(await next.recover()).toMatchObject({
      orderId: shown.orderId,
      state: 'awaiting-payment',
      amount: shown.amount,
      link: shown.link,
      showQr: true,
    });
  });
});

import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { SALE_WARM_UP_DELAY_MS } from '../../../electron/warm-up/sale-warm-up';
import type { Logger } from '../../../electron/logging/logger';
import { ManualClock } from '../../support/manual-clock';
import { startHarness, type Harness } from '../../support/harness/harness';
import { callThrough, ok } from '../app/harness-call';

// The warm-up createAppServices starts once the services are up (sale-warm-up.ts), in the
// harness's real services: the real journal file, the demo sandbox over HTTP.
let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});
const call = callThrough(() => harness);

function journalCounts(dataDir: string): { orders: number; events: number } {
  const db = new DatabaseSync(join(dataDir, 'journal.sqlite'), { readOnly: true });
  try {
    const count = (table: string) =>
      (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    return { orders: count('orders'), events: count('order_events') };
  } finally {
    db.close();
  }
}

describe('the sale warm-up after start', () => {
  it('runs its dry sale once the delay passed, leaving no order in the journal, nothing sent to the service, no sale on screen', async () => {
    const clock = new ManualClock();
    const messages: string[] = [];
    const logger: Logger = {
      info: (message) => messages.push(message),
      warn: (message) => messages.push(`warn: ${message}`),
      error: (message) => messages.push(`error: ${message}`),
    };
    const events: string[] = [];
    harness = await startHarness({ clock, logger, onEvent: (name) => events.push(name) });
    const sandbox = harness.services.connection.demoSandbox()!;
    const requestsBefore = sandbox.requests().length;
    const eventsBefore = events.length;

    clock.advance(SALE_WARM_UP_DELAY_MS);
    await harness.services.saleWarmedUp;
    expect(messages).toContain('sale path warmed up');
    expect(messages.filter((message) => /^(warn|error):/.test(message))).toEqual([]);
    expect(journalCounts(harness.dataDir)).toEqual({ orders: 0, events: 0 });
    expect(sandbox.requests()).toHaveLength(requestsBefore);
    expect(sandbox.orders()).toEqual([]);
    // No page heard of it: no sale, no customer view, no tick.
    expect(events.slice(eventsBefore)).toEqual([]);
    expect(await ok(call('currentSale'))).toBeNull();

    // The till's own first sale afterwards is an ordinary one.
    await ok(call('startQrSale', { amount: '5', chainId: '1', asset: 'USDT' }));
    expect(sandbox.orders()).toHaveLength(1);
    expect(journalCounts(harness.dataDir).orders).toBe(1);
  });
});

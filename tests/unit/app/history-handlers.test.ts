import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { journalHandlers } from '../../../electron/app/journal-handlers';
import { orderDetailOf } from '../../../electron/history/order-detail';
import { SqliteReportReader } from '../../../electron/journal/sqlite-report-reader';
import { ManualClock } from '../../support/manual-clock';
import { newQrOrder } from '../../support/order-fixtures';
import { tempJournal, type TempJournal } from '../../support/sale-fixtures';

// The history's handlers over a real journal file: a list longer than its limit says it was
// cut, and an order's detail names who moved it at each event.
describe('history handlers', () => {
  let temp: TempJournal;
  let reader: SqliteReportReader;
  const DAY_START = Date.UTC(2026, 10, 22);

  beforeEach(() => {
    temp = tempJournal(new ManualClock());
    for (let index = 0; index < 5; index++) {
      temp.journal.createOrder(
        newQrOrder({
          orderId: `order-${index}`,
          reference: `AAA-00${index}`,
          createdAtMs: DAY_START + index * 60_000,
          cashierId: index === 0 ? null : 'staff-a',
        }),
        { atMs: DAY_START + index * 60_000, reasonKind: 'cashier' },
      );
    }
    reader = new SqliteReportReader(temp.path);
  });
  afterEach(() => {
    reader.close();
    temp.cleanup();
  });

  const handlers = (historyLimit: number) =>
    journalHandlers({
      clock: new ManualClock(),
      reports: reader,
      reportTimeZone: () => 'UTC',
      saveCsv: async () => ({ saved: false }),
      staffName: () => 'Ana',
      historyLimit,
    });
  const day = { fromDate: '2026-11-22', toDate: '2026-11-22' };

  it('keeps the newest orders up to the limit and says the list was cut', async () => {
    const cut = await handlers(3).listOrders(day);
    expect(cut.orders.map((order) => order.reference)).toEqual(['AAA-004', 'AAA-003', 'AAA-002']);
    expect(cut).toMatchObject({ truncated: true, limit: 3 });
    const whole = await handlers(5).listOrders(day);
    expect(whole).toMatchObject({ truncated: false, limit: 5 });
    expect(whole.orders).toHaveLength(5);
    // The filter is applied before the cut: the one order nobody signed in for is found.
    const nobody = await handlers(3).listOrders({ ...day, filter: { cashierId: null } });
    expect(nobody.orders.map((order) => order.reference)).toEqual(['AAA-000']);
  });

  it('refuses a range of more than 366 days, and one that ends before it starts', async () => {
    await expect(
      handlers(3).listOrders({ fromDate: '2025-01-01', toDate: '2026-01-02' }),
    ).rejects.toMatchObject({ kind: 'period-too-long' });
    await expect(
      handlers(3).report({ fromDate: '2026-11-23', toDate: '2026-11-22' }),
    ).rejects.toMatchObject({ kind: 'invalid-period' });
  });

  it('names who moved the order: a person, nobody signed in, the service, the till', () => {
    const at = DAY_START + 10_000;
    temp.journal.transition({
      orderId: 'order-0',
      from: 'requesting',
      to: 'awaiting-payment',
      atMs: at,
      reasonKind: 'service',
      patch: {
        link: {
          qrUrl: 'https://pay.example/x',
          rateUsd: '1',
          expireAtRaw: 'soon',
          expiresAtMs: null,
          expiryKnown: false,
          expiryNote: null,
          linkAmount: '12.5',
          amountMatches: true,
        },
      },
    });
    temp.journal.transition({
      orderId: 'order-0',
      from: 'awaiting-payment',
      to: 'expired',
      atMs: at + 1,
      reasonKind: 'expiry',
    });
    temp.journal.transition({
      orderId: 'order-0',
      from: 'expired',
      to: 'paid-after-all',
      atMs: at + 2,
      reasonKind: 'cashier',
      actorId: 'staff-b',
      detail: { action: 'paid-after-all', note: 'Seen in the wallet' },
    });
    const record = reader.findByOrderId('order-0')!;
    const detail = orderDetailOf(record, {
      events: (id) => reader.eventsOf(id),
      find: (id) => reader.findByOrderId(id),
      staffName: (id) => (id === 'staff-b' ? 'Bo' : null),
      onScreenOrderId: () => null,
      timeZone: 'UTC',
    });
    expect(detail.events.map((event) => event.actor)).toEqual([
      { kind: 'nobody-signed-in' },
      { kind: 'service' },
      { kind: 'till' },
      { kind: 'staff', staffId: 'staff-b', name: 'Bo' },
    ]);
    expect(detail.events.at(-1)).toMatchObject({ note: 'Seen in the wallet', requestedBy: null });
    expect(detail.link).toMatchObject({ expiresAtMs: null, expiryNote: expect.any(String) });
    expect(detail.voiding).toBe('allowed');
    expect(
      orderDetailOf(record, {
        events: () => [],
        find: () => null,
        staffName: () => null,
        onScreenOrderId: () => 'order-0',
        timeZone: 'UTC',
      }).voiding,
    ).toBe('on-screen');
  });
});

/**
 * Opens a shift, fills it with orders and closes it, over and over, as fast as it can:
 * node --import tsx tests/support/shift-close-child.ts <dbPath> <ordersPerShift>
 * Prints `closing <shiftId>` right before each close and `closed <zNumber> <shiftId> <ms>`
 * once it has returned. The kill test SIGKILLs it in the middle of a close.
 * A shift left open by an earlier run is filled and closed first.
 */
import { systemClock } from '../../shared/clock';
import { newOrderId } from '../../shared/order-id';
import { SqliteOrderJournal } from '../../electron/journal/sqlite-order-journal';
import { silentLogger } from '../../electron/logging/logger';
import { ShiftService } from '../../electron/shifts/shift-service';

const [dbPath, perShift] = process.argv.slice(2);
if (!dbPath || !perShift) {
  process.stderr.write('usage: shift-close-child.ts <dbPath> <ordersPerShift>\n');
  process.exit(2);
}
const ordersPerShift = Number(perShift);
const journal = new SqliteOrderJournal({ path: dbPath, clock: systemClock });
const shifts = new ShiftService({
  db: journal.db,
  clock: systemClock,
  serialNumber: () => 'POS-KILL',
  staffName: () => null,
  logger: silentLogger,
});

function round(): void {
  if (!shifts.current()) shifts.open(null);
  const shiftId = shifts.openShiftId();
  for (let i = 0; i < ordersPerShift; i++) {
    const now = systemClock.now();
    const { orderId, reference } = newOrderId(now);
    journal.createOrder(
      {
        orderId,
        reference,
        kind: 'nfc',
        state: 'waiting-for-tap',
        amount: `${i % 97}.${i % 13}5`,
        fee: '0.01',
        asset: 'USDC',
        assetDecimals: 6,
        chainId: '101',
        chainName: 'SUI',
        currency: 'USD',
        serialNumber: 'POS-KILL',
        createdAtMs: now,
        replacesOrderId: null,
        pricing: null,
        shiftId,
      },
      { atMs: now, reasonKind: 'cashier' },
    );
    journal.transition({
      orderId,
      from: 'waiting-for-tap',
      to: i % 3 === 0 ? 'cancelled' : 'submitting',
      atMs: now,
      reasonKind: i % 3 === 0 ? 'cashier' : 'client',
    });
    if (i % 3 !== 0) {
      journal.transition({
        orderId,
        from: 'submitting',
        to: 'accepted-by-service',
        atMs: now,
        reasonKind: 'service',
      });
    }
  }
  process.stdout.write(`closing ${shiftId}\n`);
  const startedMs = performance.now();
  // A kill while filling the shift leaves an order half-way: acknowledged, as a closer would.
  const z = shifts.close(null, true);
  process.stdout.write(
    `closed ${z.zNumber} ${z.shiftId} ${(performance.now() - startedMs).toFixed(2)}\n`,
  );
  setImmediate(round);
}
round();

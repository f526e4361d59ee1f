/**
 * Writes orders to a journal as fast as it can, printing each order id once createOrder has
 * returned: node --import tsx tests/support/sale-journal-child.ts <dbPath>
 * The crash test kills it with SIGKILL mid-stream and checks every printed order survived.
 */
import { systemClock } from '../../shared/clock';
import { newOrderId } from '../../shared/order-id';
import { SqliteOrderJournal } from '../../electron/journal/sqlite-order-journal';

const dbPath = process.argv[2];
if (!dbPath) {
  process.stderr.write('usage: sale-journal-child.ts <dbPath>\n');
  process.exit(2);
}
const journal = new SqliteOrderJournal({ path: dbPath, clock: systemClock });

function burst(): void {
  for (let i = 0; i < 50; i++) {
    const now = systemClock.now();
    const { orderId, reference } = newOrderId(now);
    journal.createOrder(
      {
        orderId,
        reference,
        kind: 'nfc',
        state: 'waiting-for-tap',
        amount: '1.5',
        fee: '0',
        asset: null,
        assetDecimals: null,
        chainId: null,
        chainName: null,
        currency: 'USD',
        serialNumber: 'POS-CHILD',
        createdAtMs: now,
        replacesOrderId: null,
        pricing: null,
      },
      { atMs: now, reasonKind: 'cashier' },
    );
    journal.transition({
      orderId,
      from: 'waiting-for-tap',
      to: 'cancelled',
      atMs: now,
      reasonKind: 'cashier',
    });
    process.stdout.write(`${orderId}\n`);
  }
  setImmediate(burst);
}
burst();

/**
 * A till in a child process, for crash tests: node --import tsx tests/support/sale-child.ts
 *   <dbPath> <sandboxBaseUrl> <apiToken> [amount]
 * Recovers the journal, starts one QR sale (USDT on ETHEREUM) and prints every change as one
 * JSON line on stdout. It never exits by itself: the test kills it (SIGKILL) mid-sale.
 */
import { systemClock } from '../../shared/clock';
import { SqliteOrderJournal } from '../../electron/journal/sqlite-order-journal';
import { SaleService } from '../../electron/sale/sale-service';
import { createServiceClient } from '../../electron/service-client/payment-service-client';

const [dbPath, baseUrl, token, amount = '10'] = process.argv.slice(2);
if (!dbPath || !baseUrl || !token) {
  process.stderr.write('usage: sale-child.ts <dbPath> <sandboxBaseUrl> <apiToken> [amount]\n');
  process.exit(2);
}

const journal = new SqliteOrderJournal({ path: dbPath, clock: systemClock });
const client = createServiceClient({
  baseUrl,
  getToken: () => token,
  clock: systemClock,
  timeoutMs: 120_000,
});
const sale = new SaleService({
  journal,
  client,
  clock: systemClock,
  terms: () => ({
    serialNumber: 'POS-CHILD',
    currency: 'USD',
    feeValue: '0',
    rateTolerancePercent: '1',
  }),
});
sale.onChange((snapshot) =>
  process.stdout.write(
    `${JSON.stringify({ state: snapshot?.state, orderId: snapshot?.orderId })}\n`,
  ),
);

async function main(): Promise<void> {
  await sale.recover();
  const assets = await client.listAssets('1');
  const asset = assets.find((a) => a.asset === 'USDT');
  if (!asset) throw new Error('the sandbox offers no USDT on chain 1');
  await sale.startQrSale({
    amount,
    asset,
    chain: { name: asset.chain, chain_id: asset.chain_id, logo: '' },
  });
}

main().catch((error: unknown) => {
  process.stdout.write(`${JSON.stringify({ error: String(error) })}\n`);
});
// Stay alive until killed, as a till does.
setInterval(() => undefined, 60_000);

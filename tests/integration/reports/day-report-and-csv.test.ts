import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteReportReader } from '../../../electron/journal/sqlite-report-reader';
import { exportPeriodCsv } from '../../../electron/reports/csv-export';
import { todayPeriod } from '../../../electron/reports/report-period';
import { searchOrders } from '../../../electron/reports/order-search';
import { todayReport } from '../../../electron/reports/period-report';
import { ManualClock } from '../../support/manual-clock';
import { startSaleRig, type SaleRig } from '../../support/sale-sandbox-rig';
import { tapOnScreenSale } from '../../support/sale-tap';

/** Sales made over real HTTP against the sandbox, then the cashier's questions about them. */
describe('day report, search and CSV over a real journal file', () => {
  let clock: ManualClock;
  let rig: SaleRig;
  let reader: SqliteReportReader;

  beforeEach(async () => {
    clock = new ManualClock(Date.UTC(2026, 10, 22, 10, 0, 0));
    rig = await startSaleRig(clock);
    reader = new SqliteReportReader(rig.temp.path);
  });
  afterEach(async () => {
    reader.close();
    await rig.close();
  });

  it('answers "what did we take today?" and "did the last payment go through?"', async () => {
    const sale = (amount: string) =>
      rig.sale.startQrSale({ amount, asset: rig.asset, chain: rig.chain });
    await sale('10.1');
    await rig.sale.confirmPaidByCashier();
    clock.advance(60_000);
    await sale('0.000001');
    await rig.sale.confirmPaidByCashier();
    clock.advance(60_000);
    await sale('99');
    await rig.sale.cancel();
    clock.advance(60_000);
    rig.sandbox.setFaults([{ endpoint: 'generate_qr', times: 1, body: 'envelope-error' }]);
    const refused = await sale('5');
    clock.advance(60_000);
    await rig.sale.startNfcSale({ amount: '2.5', asset: rig.asset });
    await tapOnScreenSale(rig.sale, rig.sandbox.issueNfcToken());

    const report = todayReport(reader, clock.now(), 'Europe/Berlin');
    expect(report.orderCount).toBe(5);
    expect(report.byChainAsset).toEqual([
      {
        chainId: '1',
        chainName: 'ETHEREUM',
        asset: 'USDT',
        count: 5,
        amount: '116.600001',
        fee: '1',
        takenCount: 3,
        takenAmount: '12.600001',
        takenFee: '0.5',
      },
    ]);
    expect(report.byState).toEqual([
      { state: 'paid-confirmed-by-cashier', count: 2 },
      { state: 'cancelled', count: 1 },
      { state: 'accepted-by-service', count: 1 },
      { state: 'refused', count: 1 },
    ]);

    expect(searchOrders(reader, refused.reference.toLowerCase())[0]).toMatchObject({
      orderId: refused.orderId,
      state: 'refused',
      lastFailure: { kind: 'rejected' },
    });

    const file = join(rig.temp.dir, 'today.csv');
    const out = createWriteStream(file);
    const count = await exportPeriodCsv(reader, todayPeriod(clock.now(), 'Europe/Berlin'), out);
    out.end();
    await finished(out);
    expect(count).toBe(5);
    const rows = parse(readFileSync(file, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.amount, r.fee, r.state])).toEqual([
      ['10.1', '0.25', 'paid-confirmed-by-cashier'],
      ['0.000001', '0.25', 'paid-confirmed-by-cashier'],
      ['99', '0.25', 'cancelled'],
      ['5', '0.25', 'refused'],
      ['2.5', '0', 'accepted-by-service'],
    ]);
    expect(rows[3]?.service_msg).toBe(refused.lastFailure?.serviceMessage);
    expect(rows[0]?.link_amount).toBe('10.35');
  });

  it('exports names from the service that a spreadsheet would run as text; numbers stay numbers', async () => {
    // The sandbox names chain 1 like a formula: the catalogue is the service's, untrusted.
    rig.sandbox.setFaults([{ endpoint: 'chain', body: 'formula-names' }]);
    const [chain] = await rig.client.listChains();
    expect(chain?.name.startsWith('=HYPERLINK(')).toBe(true);
    await rig.sale.startQrSale({ amount: '7.5', asset: rig.asset, chain: chain! });
    await rig.sale.confirmPaidByCashier();

    const file = join(rig.temp.dir, 'hostile.csv');
    const out = createWriteStream(file);
    await exportPeriodCsv(reader, todayPeriod(clock.now(), 'UTC'), out);
    out.end();
    await finished(out);
    const [row] = parse(readFileSync(file, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(row?.chain_name).toBe(`'${chain!.name}`);
    expect(row?.amount).toBe('7.5');
    expect(row?.chain_id).toBe('1');
    expect(row?.state).toBe('paid-confirmed-by-cashier');
  });
});

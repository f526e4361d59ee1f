import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShiftReport } from '../../../shared/shifts/shift-report-types';
import type { ShiftView, ZReportSummary, ZReportView } from '../../../shared/shifts/shift-views';
import { ManualClock } from '../../support/manual-clock';
import { startHarness, type Harness } from '../../support/harness/harness';
import { callThrough, ok } from './harness-call';

// A shift through the contract, as the pages make the calls: the services are the harness's
// real ones (real SQLite journal, the sandbox over HTTP).
let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});
const call = callThrough(() => harness);

describe('shifts through the contract', () => {
  it('opens a shift, sells into it, reports it so far, closes it with Z report 1, and exports it', async () => {
    const events: [string, unknown][] = [];
    harness = await startHarness({
      clock: new ManualClock(),
      settings: { serialNumber: 'TILL-7' },
      onEvent: (name, payload) => events.push([name, payload]),
    });
    await harness.services.rates.ready();
    expect(await ok(call('currentShift'))).toBeNull();
    const shift = await ok<ShiftView>(call('openShift'));
    expect(shift).toMatchObject({ shiftId: 1, serialNumber: 'TILL-7', closedAtMs: null });
    expect(events.filter(([name]) => name === 'shift-changed').at(-1)?.[1]).toEqual(shift);
    const again = await call('openShift');
    expect(again.ok ? null : again.error.kind).toBe('shift-open');

    const sale = await ok<{ orderId: string }>(
      call('startQrSale', { amount: '5', chainId: '1', asset: 'USDT' }),
    );
    await ok(call('confirmPaidByCashier'));
    expect(harness.services.journal.get(sale.orderId)?.shiftId).toBe(1);
    const x = await ok<ShiftReport>(call('xReport'));
    expect(x).toMatchObject({ shiftId: 1, closedAtMs: null, orders: { count: 1 } });
    expect(x.byOutcome.paid.count).toBe(1);

    const z = await ok<ZReportView>(call('closeShift', { acknowledgeUnresolved: false }));
    expect(z).toMatchObject({ zNumber: 1, shiftId: 1 });
    expect(await ok(call('currentShift'))).toBeNull();
    const listed = await ok<ZReportSummary[]>(call('listZReports'));
    expect(listed.map((summary) => summary.zNumber)).toEqual([1]);
    expect(await ok(call('zReport', { zNumber: 1 }))).toEqual(z);
    const exported = await ok<{ saved: boolean; fileName: string }>(
      call('exportZReportCsv', { zNumber: 1 }),
    );
    const csv = readFileSync(join(harness.exportsDir, exported.fileName), 'utf8');
    expect(csv).toContain('TILL-7');
    const missing = await call('exportZReportCsv', { zNumber: 2 });
    expect(missing.ok ? null : missing.error.kind).toBe('no-report');
  });

  it('refuses an X report and a close with no shift open, in words', async () => {
    harness = await startHarness({ clock: new ManualClock() });
    for (const name of ['xReport', 'closeShift'] as const) {
      const result = await call(name, name === 'closeShift' ? { acknowledgeUnresolved: true } : {});
      expect(result.ok ? null : result.error.kind, name).toBe('no-shift');
    }
  });
});

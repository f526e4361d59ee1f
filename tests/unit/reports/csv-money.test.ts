import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../../electron/journal/order-record';
import { writeOrdersCsv } from '../../../electron/reports/csv-export';
import { localTimestamp } from '../../../electron/reports/local-timestamp';
import { newQrOrder } from '../../support/order-fixtures';
import { euroPricing } from '../../support/pricing-fixtures';

const AT = Date.UTC(2026, 10, 22, 9, 0, 0);

function record(overrides: Partial<OrderRecord>): OrderRecord {
  return {
    ...newQrOrder({ orderId: 'o-1', reference: 'K7M-Q4X', createdAtMs: AT }),
    cashierId: null,
    shiftId: null,
    state: 'paid-confirmed-by-cashier',
    updatedAtMs: AT + 1,
    attempts: 1,
    rateDifferencePercent: null,
    link: null,
    lastFailure: null,
    ...overrides,
  };
}

describe('CSV: money and local times', () => {
  it("writes each order's price in money and its times in the shop's zone with the offset", async () => {
    const priced = record({
      pricing: euroPricing({ asOfMs: AT - 60_000 }),
      rateDifferencePercent: '0.02',
      link: {
        qrUrl: 'https://x/qr-scan?&order_id=1',
        rateUsd: '1',
        expireAtRaw: '22/11/2026 10:15:00',
        expiresAtMs: AT + 15 * 60_000,
        expiryKnown: true,
        expiryNote: null,
        linkAmount: '16',
        amountMatches: true,
      },
    });
    const assetOnly = record({
      orderId: 'o-2',
      reference: 'AAA-BBB',
      createdAtMs: Date.UTC(2026, 6, 1, 22, 30),
    });
    const out = new PassThrough();
    const written = text(out);
    await writeOrdersCsv([priced, assetOnly], out, 'Europe/Berlin');
    const rows = parse(await written, { columns: true }) as Record<string, string>[];
    expect(rows[0]).toMatchObject({
      created_at_local: '2026-11-22T10:00:00+01:00',
      money_currency: 'EUR',
      money_amount: '12.5',
      fee_money: '0.3',
      price: '0.8',
      price_source: 'peg',
      price_at_local: '2026-11-22T09:59:00+01:00',
      updated_at_local: '2026-11-22T10:00:00+01:00',
      expires_at_local: '2026-11-22T10:15:00+01:00',
      rate_difference_percent: '0.02',
    });
    // Summer time, and no money amount invented for an order typed in asset units.
    expect(rows[1]).toMatchObject({
      created_at_local: '2026-07-02T00:30:00+02:00',
      expires_at_local: '',
      money_currency: '',
      money_amount: '',
      price: '',
    });
  });

  it('writes negative and fractional offsets too', () => {
    expect(localTimestamp(Date.UTC(2026, 0, 1, 3, 4, 5), 'America/New_York')).toBe(
      '2025-12-31T22:04:05-05:00',
    );
    expect(localTimestamp(Date.UTC(2026, 0, 1, 0, 0, 0), 'Asia/Kolkata')).toBe(
      '2026-01-01T05:30:00+05:30',
    );
    expect(localTimestamp(Date.UTC(2026, 0, 1), 'UTC')).toBe('2026-01-01T00:00:00+00:00');
  });
});

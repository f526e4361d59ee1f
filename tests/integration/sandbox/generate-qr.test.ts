import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/sandbox-server';
import { envelopeSchema, looseEnvelopeSchema } from '../../../shared/wire/envelope';
import { paymentLinkResultSchema } from '../../../shared/wire/payment-link';
import { ManualClock } from '../../support/manual-clock';
import { envelopeError, postJson, qrBody } from './sandbox-http';

let sandbox: RunningSandbox;
let clock: ManualClock;
beforeEach(async () => {
  // 22 Nov 2026 09:00:00 UTC
  clock = new ManualClock(Date.UTC(2026, 10, 22, 9, 0, 0));
  sandbox = await startSandbox({ clock });
});
afterEach(() => sandbox.close());

async function createLink(overrides: Record<string, unknown> = {}) {
  const answer = await postJson(sandbox, '/generate_qr', qrBody(overrides));
  expect(answer.status, answer.text).toBe(200);
  return envelopeSchema(paymentLinkResultSchema).parse(answer.json).data;
}

function linkParams(qrUrl: string): Record<string, string> {
  return Object.fromEntries(new URL(qrUrl).searchParams);
}

describe('POST /generate_qr success', () => {
  it('answers the payment link of API 2.4 with amount + fee, the asset decimals and a 15 minute expiry', async () => {
    const answer = await postJson(
      sandbox,
      '/generate_qr',
      qrBody({ order_id: 'order-A1', amount: '12.5', fee_value: '0.25' }),
    );
    const envelope = envelopeSchema(paymentLinkResultSchema).parse(answer.json);
    expect(envelope).toMatchObject({ errors: [], msg: '', error_code: '' });
    const link = envelope.data;
    expect(link.qr_url.startsWith(`${sandbox.origin}/app/qr-scan?&order_id=order-A1&`)).toBe(true);
    expect(linkParams(link.qr_url)).toEqual({
      order_id: 'order-A1',
      contract_address: expect.stringMatching(/^0x[0-9a-f]{40}$/i),
      currency_address: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      transaction_amount: '12.75',
      act: 'DEPOSIT',
      chain_id: '1',
      decimal: '6',
    });
    expect(link.rate_usd).toBe(1);
    expect(link.expire_at).toBe('22/11/2026 09:15:00');
  });

  it('keeps parameter order of the documented shape', async () => {
    const link = await createLink();
    const keys = [...new URL(link.qr_url).searchParams.keys()];
    expect(keys).toEqual([
      'order_id',
      'contract_address',
      'currency_address',
      'transaction_amount',
      'act',
      'chain_id',
      'decimal',
    ]);
  });

  it('adds amount and fee exactly, without float error or exponent notation', async () => {
    const cases: [string, string, string, number, string][] = [
      ['0.1', '0.2', 'USDT', 56, '0.3'],
      ['0.000000000000000001', '0', 'ETH', 1, '0.000000000000000001'],
      ['123456789012345678901234.5', '0.5', 'USDT', 56, '123456789012345678901235'],
      ['007.500', '0.000', 'USDT', 1, '7.5'],
      ['1', '2.000001', 'USDT', 1, '3.000001'],
    ];
    for (const [amount, fee, asset, chainId, total] of cases) {
      const link = await createLink({ amount, fee_value: fee, asset, chain_id: String(chainId) });
      expect(linkParams(link.qr_url).transaction_amount, `${amount} + ${fee}`).toBe(total);
    }
  });

  it('accepts chain_id as a JSON number, as the documented sample sends it', async () => {
    const link = await createLink({ chain_id: 56, asset: 'USDT', amount: '1.123456789012345678' });
    expect(linkParams(link.qr_url)).toMatchObject({ chain_id: '56', decimal: '18' });
  });

  it('quotes a fixed non-stablecoin rate and its native-coin address', async () => {
    const link = await createLink({ chain_id: '1', asset: 'ETH', amount: '0.01' });
    expect(link.rate_usd).toBeGreaterThan(100);
    expect(linkParams(link.qr_url).currency_address).toBe(
      '0x0000000000000000000000000000000000000000',
    );
  });

  it('ignores unknown fields', async () => {
    const link = await createLink({ tip: 'ignored', extra: { nested: true } });
    expect(linkParams(link.qr_url).act).toBe('DEPOSIT');
  });

  it('records the accepted order and the request', async () => {
    const body = qrBody({
      order_id: 'order-rec',
      amount: '5',
      fee_value: '1',
      chain_id: 137,
      asset: 'USDC',
    });
    await postJson(sandbox, '/generate_qr', body);
    expect(sandbox.orders()).toEqual([
      expect.objectContaining({
        orderId: 'order-rec',
        amount: '5',
        feeValue: '1',
        total: '6',
        asset: 'USDC',
        chainId: 137,
        chainName: 'POLYGON',
        decimals: 6,
        currency: 'USD',
        serialNumber: 'POS-0001',
        atMs: clock.now(),
        expireAtMs: clock.now() + 900_000,
      }),
    ]);
    expect(sandbox.requests()).toEqual([
      expect.objectContaining({
        method: 'POST',
        endpoint: 'generate_qr',
        url: '/v1/cf-payment/generate_qr',
        body,
        authorization: `Bearer ${sandbox.token}`,
        atMs: clock.now(),
      }),
    ]);
  });
});

describe('expire_at', () => {
  it('follows the injected clock', async () => {
    clock.advance(3_600_000 + 61_000);
    expect((await createLink()).expire_at).toBe('22/11/2026 10:16:01');
  });

  it('is written in the configured zone, crossing midnight and the date line', async () => {
    clock.set(Date.UTC(2026, 11, 31, 23, 50, 0));
    sandbox.configure({ timeZone: 'Asia/Tokyo' });
    expect((await createLink()).expire_at).toBe('01/01/2027 09:05:00');
    sandbox.configure({ timeZone: 'America/New_York' });
    expect((await createLink()).expire_at).toBe('31/12/2026 19:05:00');
  });

  it('follows daylight saving time of the zone', async () => {
    sandbox.configure({ timeZone: 'Europe/Paris' });
    clock.set(Date.UTC(2027, 6, 1, 12, 0, 0));
    expect((await createLink()).expire_at).toBe('01/07/2027 14:15:00');
    clock.set(Date.UTC(2028, 0, 1, 12, 0, 0));
    expect((await createLink()).expire_at).toBe('01/01/2028 13:15:00');
  });

  it('can be month-first, from options and from configure()', async () => {
    // ManualClock only moves forward.
    clock.set(Date.UTC(2027, 2, 4, 5, 6, 7));
    const monthFirst = await startSandbox({
      clock,
      expireAtOrder: 'month-first',
      timeZone: 'UTC',
      expirySeconds: 60,
    });
    try {
      const answer = await postJson(monthFirst, '/generate_qr', qrBody());
      expect(envelopeSchema(paymentLinkResultSchema).parse(answer.json).data.expire_at).toBe(
        '03/04/2027 05:07:07',
      );
    } finally {
      await monthFirst.close();
    }
    sandbox.configure({ expireAtOrder: 'month-first' });
    expect((await createLink()).expire_at).toBe('03/04/2027 05:21:07');
    sandbox.configure({ expireAtOrder: 'day-first' });
    expect((await createLink()).expire_at).toBe('04/03/2027 05:21:07');
  });

  it('writes midnight as 00, never 24', async () => {
    clock.set(Date.UTC(2026, 10, 22, 23, 45, 0));
    expect((await createLink()).expire_at).toBe('23/11/2026 00:00:00');
  });

  it('uses the configured expirySeconds, even zero or negative (already expired links)', async () => {
    sandbox.configure({ expirySeconds: 0 });
    expect((await createLink()).expire_at).toBe('22/11/2026 09:00:00');
    sandbox.configure({ expirySeconds: -30 });
    expect((await createLink()).expire_at).toBe('22/11/2026 08:59:30');
    sandbox.configure({ expirySeconds: 2 * 86_400 });
    expect((await createLink()).expire_at).toBe('24/11/2026 09:00:00');
  });

  it('refuses an unknown time zone in options and in configure()', async () => {
    await expect(startSandbox({ timeZone: 'Mars/Olympus' })).rejects.toThrow(/IANA time zone/);
    expect(() => sandbox.configure({ timeZone: 'Nowhere/Land' })).toThrow(/IANA time zone/);
    expect(sandbox.config().timeZone).toBe('UTC');
  });
});

describe('POST /generate_qr validation', () => {
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ['order_id missing', { order_id: undefined }, 'MISSING_FIELD', /order_id is required/],
    ['amount missing', { amount: undefined }, 'MISSING_FIELD', /amount is required/],
    ['asset missing', { asset: undefined }, 'MISSING_FIELD', /asset is required/],
    ['chain_id missing', { chain_id: undefined }, 'MISSING_FIELD', /chain_id is required/],
    ['currency missing', { currency: undefined }, 'MISSING_FIELD', /currency is required/],
    ['fee_value missing', { fee_value: undefined }, 'MISSING_FIELD', /fee_value is required/],
    [
      'serial_number missing',
      { serial_number: undefined },
      'MISSING_FIELD',
      /serial_number is required/,
    ],
    ['amount null', { amount: null }, 'MISSING_FIELD', /amount is required/],
    ['order_id a number', { order_id: 42 }, 'INVALID_FIELD_TYPE', /order_id must be a string/],
    ['amount a number', { amount: 12.5 }, 'INVALID_FIELD_TYPE', /amount must be a string/],
    ['asset an array', { asset: ['USDT'] }, 'INVALID_FIELD_TYPE', /asset must be a string/],
    [
      'chain_id a boolean',
      { chain_id: true },
      'INVALID_FIELD_TYPE',
      /chain_id must be a string or a number/,
    ],
    [
      'currency an object',
      { currency: { code: 'USD' } },
      'INVALID_FIELD_TYPE',
      /currency must be a string/,
    ],
    ['fee_value a number', { fee_value: 0 }, 'INVALID_FIELD_TYPE', /fee_value must be a string/],
    [
      'serial_number a number',
      { serial_number: 1 },
      'INVALID_FIELD_TYPE',
      /serial_number must be a string/,
    ],
    ['order_id empty', { order_id: '' }, 'INVALID_ORDER_ID', /order_id must be/],
    ['order_id with spaces', { order_id: 'a b' }, 'INVALID_ORDER_ID', /order_id must be/],
    ['order_id too long', { order_id: 'x'.repeat(65) }, 'INVALID_ORDER_ID', /order_id must be/],
    ['chain_id not digits', { chain_id: 'eth' }, 'INVALID_CHAIN_ID', /whole number/],
    ['chain_id fractional number', { chain_id: 1.5 }, 'INVALID_CHAIN_ID', /whole number/],
    ['chain_id negative number', { chain_id: -1 }, 'INVALID_CHAIN_ID', /whole number/],
    ['chain_id unknown', { chain_id: '5' }, 'UNKNOWN_CHAIN', /Chain 5 is not supported/],
    ['asset unknown', { asset: 'DOGE' }, 'UNKNOWN_ASSET', /DOGE is not available on ETHEREUM/],
    [
      'asset of another chain',
      { asset: 'BNB', chain_id: '1' },
      'UNKNOWN_ASSET',
      /BNB is not available on ETHEREUM/,
    ],
    ['asset in lower case', { asset: 'usdt' }, 'UNKNOWN_ASSET', /usdt is not available/],
    ['amount zero', { amount: '0' }, 'INVALID_AMOUNT', /greater than zero/],
    ['amount zero with decimals', { amount: '0.000' }, 'INVALID_AMOUNT', /greater than zero/],
    ['amount negative', { amount: '-1' }, 'INVALID_AMOUNT', /plain decimal/],
    ['amount with plus sign', { amount: '+1' }, 'INVALID_AMOUNT', /plain decimal/],
    ['amount with exponent', { amount: '1e3' }, 'INVALID_AMOUNT', /plain decimal/],
    ['amount with comma', { amount: '1,5' }, 'INVALID_AMOUNT', /plain decimal/],
    ['amount with spaces', { amount: ' 1.5' }, 'INVALID_AMOUNT', /plain decimal/],
    ['amount starting with a dot', { amount: '.5' }, 'INVALID_AMOUNT', /plain decimal/],
    ['amount ending with a dot', { amount: '5.' }, 'INVALID_AMOUNT', /plain decimal/],
    ['amount empty', { amount: '' }, 'INVALID_AMOUNT', /plain decimal/],
    ['amount NaN', { amount: 'NaN' }, 'INVALID_AMOUNT', /plain decimal/],
    ['amount hex', { amount: '0x10' }, 'INVALID_AMOUNT', /plain decimal/],
    [
      'amount too precise for USDT on ETHEREUM',
      { amount: '1.0000001' },
      'INVALID_AMOUNT',
      /7 decimal places .* at most 6 .* USDT on ETHEREUM/,
    ],
    ['amount absurdly large', { amount: '1'.repeat(31) }, 'INVALID_AMOUNT', /too large/],
    ['fee negative', { fee_value: '-0.1' }, 'INVALID_FEE', /fee_value must be a plain decimal/],
    ['fee empty', { fee_value: '' }, 'INVALID_FEE', /plain decimal/],
    [
      'fee too precise',
      { fee_value: '0.0000001' },
      'INVALID_FEE',
      /fee_value has 7 decimal places/,
    ],
    ['currency lower case', { currency: 'usd' }, 'INVALID_CURRENCY', /upper-case currency code/],
    ['currency empty', { currency: '' }, 'INVALID_CURRENCY', /currency/],
    [
      'serial_number blank',
      { serial_number: '   ' },
      'INVALID_SERIAL_NUMBER',
      /serial_number must be/,
    ],
    [
      'serial_number too long',
      { serial_number: 'S'.repeat(65) },
      'INVALID_SERIAL_NUMBER',
      /serial_number must be/,
    ],
  ];

  it.each(cases)('%s: 400 %s', async (_name, overrides, code, msg) => {
    const body = qrBody(overrides);
    for (const [key, value] of Object.entries(overrides)) if (value === undefined) delete body[key];
    const answer = await postJson(sandbox, '/generate_qr', body);
    expect(answer.status).toBe(400);
    const envelope = looseEnvelopeSchema.parse(answer.json);
    expect(envelope.error_code).toBe(code);
    expect(envelope.msg).toMatch(msg);
    expect(envelope.errors.length).toBeGreaterThan(0);
    expect(sandbox.orders()).toEqual([]);
    // Refused requests are still recorded.
    expect(sandbox.requests()).toHaveLength(1);
  });

  it('accepts trailing fraction zeros beyond the decimals (the value has no more precision)', async () => {
    const link = await createLink({ amount: '1.50000000', fee_value: '0.0000000' });
    expect(linkParams(link.qr_url).transaction_amount).toBe('1.5');
  });

  it.each([
    ['not JSON', 'order_id=1&amount=2', 'INVALID_JSON', /not valid JSON/],
    ['empty', '', 'INVALID_JSON', /empty/],
    ['a JSON array', '[]', 'INVALID_BODY', /JSON object/],
    ['JSON null', 'null', 'INVALID_BODY', /JSON object/],
    ['a JSON string', '"hello"', 'INVALID_BODY', /JSON object/],
  ])('refuses a body that is %s', async (_name, raw, code, msg) => {
    const answer = await postJson(sandbox, '/generate_qr', raw);
    expect(answer.status).toBe(400);
    expect(envelopeError(answer).error_code).toBe(code);
    expect(envelopeError(answer).msg).toMatch(msg);
  });

  it('refuses a body over 64 KiB with 413', async () => {
    const answer = await postJson(
      sandbox,
      '/generate_qr',
      qrBody({ padding: 'x'.repeat(70 * 1024) }),
    );
    expect(answer.status).toBe(413);
    expect(envelopeError(answer).error_code).toBe('BODY_TOO_LARGE');
  });
});

describe('unique order_id', () => {
  it('answers 409 DUPLICATE_ORDER for a second generate_qr with the same order_id, even with other fields', async () => {
    await createLink({ order_id: 'order-dup' });
    const answer = await postJson(
      sandbox,
      '/generate_qr',
      qrBody({ order_id: 'order-dup', amount: '99' }),
    );
    expect(answer.status).toBe(409);
    expect(envelopeError(answer).error_code).toBe('DUPLICATE_ORDER');
    expect(envelopeError(answer).msg).toMatch(/order already exists/i);
    expect(sandbox.orders().map((order) => order.orderId)).toEqual(['order-dup']);
  });

  it('does not burn an order_id on a refused request', async () => {
    const refused = await postJson(
      sandbox,
      '/generate_qr',
      qrBody({ order_id: 'order-retry', amount: '-1' }),
    );
    expect(refused.status).toBe(400);
    await createLink({ order_id: 'order-retry' });
  });
});

import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/sandbox-server';
import { envelopeSchema, looseEnvelopeSchema } from '../../../shared/wire/envelope';
import { nfcPaymentResultSchema } from '../../../shared/wire/payment-link';
import { ManualClock } from '../../support/manual-clock';
import { envelopeError, nfcBody, postJson, qrBody } from './sandbox-http';

let sandbox: RunningSandbox;
let clock: ManualClock;
beforeEach(async () => {
  clock = new ManualClock();
  sandbox = await startSandbox({ clock });
});
afterEach(() => sandbox.close());

describe('POST /generate_nfc success', () => {
  it('answers data "success" and records the payment', async () => {
    const token = sandbox.issueNfcToken();
    expect(token).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const answer = await postJson(
      sandbox,
      '/generate_nfc',
      nfcBody(token, { order_id: 'nfc-1', amount: '3.750' }),
    );
    expect(answer.status).toBe(200);
    expect(envelopeSchema(nfcPaymentResultSchema).parse(answer.json)).toEqual({
      data: 'success',
      errors: [],
      msg: '',
      error_code: '',
    });
    expect(sandbox.nfcPayments()).toEqual([
      { orderId: 'nfc-1', amount: '3.75', token, serialNumber: 'POS-0001', atMs: clock.now() },
    ]);
  });

  it('issues a different token each time', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => sandbox.issueNfcToken()));
    expect(tokens.size).toBe(50);
  });

  it('accepts a UUID it never issued by default (a real wallet in demo mode), once', async () => {
    const token = randomUUID();
    expect((await postJson(sandbox, '/generate_nfc', nfcBody(token))).status).toBe(200);
    const again = await postJson(sandbox, '/generate_nfc', nfcBody(token));
    expect(again.status).toBe(409);
    expect(envelopeError(again).error_code).toBe('TOKEN_USED');
  });

  it('normalises an upper-case token, so the same token in upper case is still used', async () => {
    const token = sandbox.issueNfcToken();
    expect((await postJson(sandbox, '/generate_nfc', nfcBody(token.toUpperCase()))).status).toBe(
      200,
    );
    expect(sandbox.nfcPayments()[0]?.token).toBe(token);
    expect(envelopeError(await postJson(sandbox, '/generate_nfc', nfcBody(token))).error_code).toBe(
      'TOKEN_USED',
    );
  });
});

describe('single-use tokens', () => {
  it('refuses an issued token the second time with 409 TOKEN_USED, for a new order', async () => {
    const token = sandbox.issueNfcToken();
    expect((await postJson(sandbox, '/generate_nfc', nfcBody(token))).status).toBe(200);
    const second = await postJson(sandbox, '/generate_nfc', nfcBody(token));
    expect(second.status).toBe(409);
    expect(envelopeError(second).error_code).toBe('TOKEN_USED');
    expect(envelopeError(second).msg).toMatch(/already used/);
    expect(sandbox.nfcPayments()).toHaveLength(1);
  });

  it('with acceptAnyNfcToken off, refuses unknown tokens but accepts issued ones', async () => {
    sandbox.configure({ acceptAnyNfcToken: false });
    const unknown = await postJson(sandbox, '/generate_nfc', nfcBody(randomUUID()));
    expect(unknown.status).toBe(400);
    expect(envelopeError(unknown).error_code).toBe('UNKNOWN_TOKEN');
    expect(
      (await postJson(sandbox, '/generate_nfc', nfcBody(sandbox.issueNfcToken()))).status,
    ).toBe(200);
  });

  it('does not use up the token when the payment is refused', async () => {
    const token = sandbox.issueNfcToken();
    expect((await postJson(sandbox, '/generate_nfc', nfcBody(token, { amount: '0' }))).status).toBe(
      400,
    );
    expect((await postJson(sandbox, '/generate_nfc', nfcBody(token))).status).toBe(200);
  });
});

describe('unique order_id', () => {
  it('answers 409 DUPLICATE_ORDER for a second generate_nfc with the same order_id and a fresh token', async () => {
    expect(
      (
        await postJson(
          sandbox,
          '/generate_nfc',
          nfcBody(sandbox.issueNfcToken(), { order_id: 'nfc-dup' }),
        )
      ).status,
    ).toBe(200);
    const fresh = sandbox.issueNfcToken();
    const answer = await postJson(
      sandbox,
      '/generate_nfc',
      nfcBody(fresh, { order_id: 'nfc-dup' }),
    );
    expect(answer.status).toBe(409);
    expect(envelopeError(answer).error_code).toBe('DUPLICATE_ORDER');
    expect(envelopeError(answer).msg).toMatch(/order already exists/i);
    // The fresh token was not spent by the refused request.
    expect((await postJson(sandbox, '/generate_nfc', nfcBody(fresh))).status).toBe(200);
  });

  it('shares order ids with generate_qr: one order_id is one order', async () => {
    expect((await postJson(sandbox, '/generate_qr', qrBody({ order_id: 'shared-1' }))).status).toBe(
      200,
    );
    const answer = await postJson(
      sandbox,
      '/generate_nfc',
      nfcBody(sandbox.issueNfcToken(), { order_id: 'shared-1' }),
    );
    expect(envelopeError(answer).error_code).toBe('DUPLICATE_ORDER');
  });
});

describe('POST /generate_nfc validation', () => {
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ['order_id missing', { order_id: undefined }, 'MISSING_FIELD', /order_id is required/],
    ['amount missing', { amount: undefined }, 'MISSING_FIELD', /amount is required/],
    ['token missing', { token: undefined }, 'MISSING_FIELD', /token is required/],
    [
      'serial_number missing',
      { serial_number: undefined },
      'MISSING_FIELD',
      /serial_number is required/,
    ],
    ['token a number', { token: 123 }, 'INVALID_FIELD_TYPE', /token must be a string/],
    ['amount a number', { amount: 3.75 }, 'INVALID_FIELD_TYPE', /amount must be a string/],
    ['order_id bad', { order_id: 'a/b' }, 'INVALID_ORDER_ID', /order_id must be/],
    ['amount zero', { amount: '0.00' }, 'INVALID_AMOUNT', /greater than zero/],
    ['amount negative', { amount: '-3' }, 'INVALID_AMOUNT', /plain decimal/],
    ['amount exponent', { amount: '3E2' }, 'INVALID_AMOUNT', /plain decimal/],
    [
      'amount with 37 decimals',
      { amount: `0.${'1'.repeat(37)}` },
      'INVALID_AMOUNT',
      /37 decimal places/,
    ],
    ['token not a UUID', { token: 'not-a-uuid' }, 'INVALID_TOKEN', /UUID-shaped/],
    ['token UUID without dashes', { token: 'f'.repeat(32) }, 'INVALID_TOKEN', /UUID-shaped/],
    ['token UUID with braces', { token: `{${randomUUID()}}` }, 'INVALID_TOKEN', /UUID-shaped/],
    ['token with spaces', { token: ` ${randomUUID()}` }, 'INVALID_TOKEN', /UUID-shaped/],
    [
      'serial_number empty',
      { serial_number: '' },
      'INVALID_SERIAL_NUMBER',
      /serial_number must be/,
    ],
  ];

  it.each(cases)('%s: 400 %s', async (_name, overrides, code, msg) => {
    const body = nfcBody(sandbox.issueNfcToken(), overrides);
    for (const [key, value] of Object.entries(overrides)) if (value === undefined) delete body[key];
    const answer = await postJson(sandbox, '/generate_nfc', body);
    expect(answer.status).toBe(400);
    const envelope = looseEnvelopeSchema.parse(answer.json);
    expect(envelope.error_code).toBe(code);
    expect(envelope.msg).toMatch(msg);
    expect(sandbox.nfcPayments()).toEqual([]);
  });

  it.each([
    ['not JSON', '{token:', 'INVALID_JSON'],
    ['empty', '', 'INVALID_JSON'],
    ['an array', '[1,2]', 'INVALID_BODY'],
  ])('refuses a body that is %s', async (_name, raw, code) => {
    const answer = await postJson(sandbox, '/generate_nfc', raw);
    expect(answer.status).toBe(400);
    expect(envelopeError(answer).error_code).toBe(code);
  });

  it('ignores unknown fields', async () => {
    expect(
      (
        await postJson(
          sandbox,
          '/generate_nfc',
          nfcBody(sandbox.issueNfcToken(), { asset: 'USDT', x: 1 }),
        )
      ).status,
    ).toBe(200);
  });
});

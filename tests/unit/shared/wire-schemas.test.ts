import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import {
  envelopeSchema,
  isFailureEnvelope,
  looseEnvelopeSchema,
} from '../../../shared/wire/envelope';
import { chainIdParamSchema, chainIdSchema } from '../../../shared/wire/chain-id';
import { chainListSchema, chainSchema } from '../../../shared/wire/chain';
import { assetListSchema, assetSchema } from '../../../shared/wire/asset';
import { nfcPaymentResultSchema, paymentLinkResultSchema } from '../../../shared/wire/payment-link';
import {
  generateNfcRequestSchema,
  generateQrRequestSchema,
  nfcTokenSchema,
} from '../../../shared/wire/requests';

const ok = { errors: [], msg: '', error_code: '' };

describe('envelope', () => {
  it('reads a success envelope with its payload', () => {
    const schema = envelopeSchema(z.literal('success'));
    expect(schema.parse({ data: 'success', ...ok })).toEqual({ data: 'success', ...ok });
  });

  it('tells failure from success by msg, error_code or errors', () => {
    const read = (value: unknown) => isFailureEnvelope(looseEnvelopeSchema.parse(value));
    expect(read({ data: [], ...ok })).toBe(false);
    expect(read({ data: null, ...ok })).toBe(false);
    expect(read({ data: null, ...ok, msg: 'Order exists' })).toBe(true);
    expect(read({ data: null, ...ok, error_code: 'E42' })).toBe(true);
    expect(read({ data: null, ...ok, errors: [{ field: 'amount' }] })).toBe(true);
    // A payload next to an error is still a failure.
    expect(read({ data: { qr_url: 'x' }, ...ok, msg: 'Invalid amount' })).toBe(true);
  });

  it('keeps unknown error items as they are', () => {
    const parsed = looseEnvelopeSchema.parse({
      data: null,
      errors: ['text', 3, { a: 1 }],
      msg: 'm',
      error_code: 'c',
    });
    expect(parsed.errors).toEqual(['text', 3, { a: 1 }]);
  });

  it.each([
    ['no envelope at all', [{ name: 'SUI' }]],
    ['missing errors', { data: [], msg: '', error_code: '' }],
    ['errors not an array', { data: [], errors: 'none', msg: '', error_code: '' }],
    ['msg not a string', { data: [], errors: [], msg: null, error_code: '' }],
    ['numeric error_code', { data: [], errors: [], msg: '', error_code: 401 }],
    ['a string body', 'Unauthorized'],
    ['null', null],
  ])('rejects %s', (_name, value) => {
    expect(looseEnvelopeSchema.safeParse(value).success).toBe(false);
  });

  it('rejects a payload of the wrong shape inside a good envelope', () => {
    expect(
      envelopeSchema(chainListSchema).safeParse({ data: { name: 'SUI' }, ...ok }).success,
    ).toBe(false);
    expect(envelopeSchema(nfcPaymentResultSchema).safeParse({ data: 'ok', ...ok }).success).toBe(
      false,
    );
  });
});

describe('chain_id', () => {
  it('accepts an integer or a numeric string and normalises both to a number', () => {
    expect(chainIdSchema.parse(101)).toBe(101);
    expect(chainIdSchema.parse('101')).toBe(101);
    expect(chainIdSchema.parse('0')).toBe(0);
    expect(chainIdSchema.parse('007')).toBe(7);
    expect(chainIdSchema.parse(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each([
    [-1],
    [1.5],
    [Number.NaN],
    [Number.MAX_SAFE_INTEGER + 2],
    ['-1'],
    ['1.5'],
    ['1e3'],
    [' 1'],
    [''],
    ['0x10'],
    ['1234567890123456'],
    [null],
    [true],
  ])('rejects %j', (value) => {
    expect(chainIdSchema.safeParse(value).success).toBe(false);
  });

  it('what we send is always a digit string', () => {
    expect(chainIdParamSchema.parse('101')).toBe('101');
    expect(chainIdParamSchema.safeParse(101).success).toBe(false);
    expect(chainIdParamSchema.safeParse('10a').success).toBe(false);
    expect(chainIdParamSchema.safeParse('').success).toBe(false);
  });
});

describe('chain and asset', () => {
  const chain = { name: 'SUI', chain_id: '101', logo: 'https://x/sui.svg' };
  const asset = {
    asset: 'SUI',
    chain: 'SUI',
    chain_id: 101,
    decimal: 9,
    logo: 'https://x/sui.svg',
  };

  it('reads a chain list, normalising chain_id', () => {
    expect(chainListSchema.parse([chain])).toEqual([{ ...chain, chain_id: 101 }]);
  });

  it('reads an asset list', () => {
    expect(assetListSchema.parse([asset, { ...asset, chain_id: '101' }])).toEqual([asset, asset]);
  });

  it('keeps unknown extra fields out of the parsed value', () => {
    expect(chainSchema.parse({ ...chain, extra: 1 })).not.toHaveProperty('extra');
  });

  it.each([
    ['an empty name', { ...chain, name: '' }],
    ['a missing logo', { name: 'SUI', chain_id: 1 }],
    ['a chain_id object', { ...chain, chain_id: { id: 1 } }],
  ])('rejects a chain with %s', (_name, value) => {
    expect(chainSchema.safeParse(value).success).toBe(false);
  });

  it.each([
    ['fractional decimals', { ...asset, decimal: 1.5 }],
    ['negative decimals', { ...asset, decimal: -1 }],
    ['absurd decimals', { ...asset, decimal: 37 }],
    ['string decimals', { ...asset, decimal: '9' }],
    ['an empty symbol', { ...asset, asset: '' }],
    ['no chain', { asset: 'SUI', chain_id: 1, decimal: 9, logo: '' }],
  ])('rejects an asset with %s', (_name, value) => {
    expect(assetSchema.safeParse(value).success).toBe(false);
  });
});

describe('payment link result', () => {
  const result = {
    qr_url: 'https://w/qr-scan?&order_id=1',
    rate_usd: 3.21,
    expire_at: '22/11/2026 09:15:00',
  };

  it('reads the documented fields', () => {
    expect(paymentLinkResultSchema.parse(result)).toEqual(result);
  });

  it.each([
    ['an empty qr_url', { ...result, qr_url: '' }],
    ['a string rate', { ...result, rate_usd: '3.21' }],
    ['an infinite rate', { ...result, rate_usd: Number.POSITIVE_INFINITY }],
    ['a missing expire_at', { qr_url: result.qr_url, rate_usd: 1 }],
    ['a numeric expire_at', { ...result, expire_at: 1763802900 }],
  ])('rejects %s', (_name, value) => {
    expect(paymentLinkResultSchema.safeParse(value).success).toBe(false);
  });

  it('generate_nfc success is exactly "success"', () => {
    expect(nfcPaymentResultSchema.parse('success')).toBe('success');
    expect(nfcPaymentResultSchema.safeParse('SUCCESS').success).toBe(false);
    expect(nfcPaymentResultSchema.safeParse(true).success).toBe(false);
  });
});

describe('requests', () => {
  const qr = {
    order_id: '019a9f1e-7c00-7abc-8def-0123456789ab',
    amount: '12.5',
    asset: 'SUI',
    chain_id: '101',
    currency: 'USD',
    fee_value: '0',
    serial_number: 'POS-0001',
  };
  const nfc = {
    order_id: qr.order_id,
    amount: '12.5',
    token: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    serial_number: 'POS-0001',
  };

  it('accepts a well-formed generate_qr body', () => {
    expect(generateQrRequestSchema.parse(qr)).toEqual(qr);
  });

  it('sends a numeric chain_id as digits', () => {
    expect(generateQrRequestSchema.parse({ ...qr, chain_id: 101 }).chain_id).toBe('101');
  });

  it.each([
    ['a chain_id that is not digits', { ...qr, chain_id: '1a' }],
    ['a numeric amount', { ...qr, amount: 12.5 }],
    ['an exponent amount', { ...qr, amount: '1e3' }],
    ['a signed amount', { ...qr, amount: '-1' }],
    ['a comma amount', { ...qr, amount: '1,5' }],
    ['a signed fee', { ...qr, fee_value: '-0.1' }],
    ['a lower-case currency', { ...qr, currency: 'usd' }],
    ['an order id with spaces', { ...qr, order_id: 'a b' }],
    ['an empty order id', { ...qr, order_id: '' }],
    ['a blank serial number', { ...qr, serial_number: '   ' }],
    ['a missing asset', { ...qr, asset: undefined }],
  ])('rejects a generate_qr body with %s', (_name, value) => {
    expect(generateQrRequestSchema.safeParse(value).success).toBe(false);
  });

  it('accepts a well-formed generate_nfc body', () => {
    expect(generateNfcRequestSchema.parse(nfc)).toEqual(nfc);
  });

  it('accepts only lower-case UUID-shaped tokens', () => {
    expect(nfcTokenSchema.safeParse(nfc.token).success).toBe(true);
    expect(nfcTokenSchema.safeParse(nfc.token.toUpperCase()).success).toBe(false);
    expect(nfcTokenSchema.safeParse(nfc.token.replace(/-/g, '')).success).toBe(false);
    expect(nfcTokenSchema.safeParse(`${nfc.token} `).success).toBe(false);
    expect(generateNfcRequestSchema.safeParse({ ...nfc, token: 'not-a-token' }).success).toBe(
      false,
    );
  });
});

describe('serial number messages', () => {
  it('tells the cashier what to do when the till has no serial number', async () => {
    const { serialNumberSchema } = await import('../../../shared/wire/requests');
    const result = serialNumberSchema.safeParse('  ');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/no serial number: set it in Settings/);
  });
});

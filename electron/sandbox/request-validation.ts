import type { EnvelopeError } from './envelope-replies';
import type { ParsedBody } from './read-body';
import { findAsset, findChain, type SandboxAsset, type SandboxChain } from './catalogue';

/**
 * Validation of the two POST bodies (API 4.3, 4.4) as docs/payment-service.md reads them. The sandbox keeps
 * its own rules instead of reusing the app's (shared/), so a bug there cannot hide itself
 * here: the sandbox is the app's peer, not its mirror. Unknown fields are ignored, as a
 * lenient server would.
 */

export type Checked<T> = { ok: true; value: T } | { ok: false; error: EnvelopeError };

export interface QrOrderRequest {
  orderId: string;
  /** Canonical decimal text (no leading zeros, no trailing fraction zeros). */
  amount: string;
  feeValue: string;
  chain: SandboxChain;
  asset: SandboxAsset;
  currency: string;
  serialNumber: string;
}

export interface NfcPaymentRequest {
  orderId: string;
  amount: string;
  /** Lower case. */
  token: string;
  serialNumber: string;
}

const bad = (code: string, msg: string, field?: string): { ok: false; error: EnvelopeError } => ({
  ok: false,
  error: { status: 400, code, msg, ...(field === undefined ? {} : { field }) },
});

/** The parsed body as a JSON object, or says why it is not one. */
export function bodyObject(body: ParsedBody): Checked<Record<string, unknown>> {
  if (body.kind === 'empty')
    return bad('INVALID_JSON', 'The request body is empty; send a JSON object.');
  if (body.kind === 'invalid') return bad('INVALID_JSON', 'The request body is not valid JSON.');
  const value = body.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return bad('INVALID_BODY', 'The request body must be a JSON object.');
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/** Every listed field must be present (not null) and a string; chain_id may also be a JSON number. */
function checkFieldTypes(
  body: Record<string, unknown>,
  fields: readonly string[],
): { ok: false; error: EnvelopeError } | undefined {
  for (const field of fields) {
    const value = body[field];
    if (value === undefined || value === null)
      return bad('MISSING_FIELD', `${field} is required.`, field);
    if (typeof value === 'string') continue;
    if (field === 'chain_id' && typeof value === 'number') continue;
    const wanted = field === 'chain_id' ? 'a string or a number' : 'a string';
    return bad('INVALID_FIELD_TYPE', `${field} must be ${wanted}.`, field);
  }
  return undefined;
}

const orderIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

function checkOrderId(text: string): Checked<string> {
  if (orderIdPattern.test(text)) return { ok: true, value: text };
  return bad(
    'INVALID_ORDER_ID',
    'order_id must be 1 to 64 letters, digits, "-" or "_".',
    'order_id',
  );
}

export function checkChainId(value: string | number): Checked<SandboxChain> {
  let chainId: number;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0)
      return bad('INVALID_CHAIN_ID', 'chain_id must be a whole number.', 'chain_id');
    chainId = value;
  } else {
    if (!/^\d{1,15}$/.test(value))
      return bad('INVALID_CHAIN_ID', 'chain_id must be a whole number.', 'chain_id');
    chainId = Number(value);
  }
  const chain = findChain(chainId);
  if (!chain) return bad('UNKNOWN_CHAIN', `Chain ${chainId} is not supported.`, 'chain_id');
  return { ok: true, value: chain };
}

const plainDecimal = /^(\d+)(?:\.(\d+))?$/;
const MAX_INTEGER_DIGITS = 30;

/** Integer digits without leading zeros, fraction without trailing zeros. */
function canonical(integer: string, fraction: string): string {
  const whole = integer.replace(/^0+(?=\d)/, '');
  const frac = fraction.replace(/0+$/, '');
  return frac === '' ? whole : `${whole}.${frac}`;
}

interface DecimalRule {
  field: 'amount' | 'fee_value';
  code: string;
  allowZero: boolean;
  maxDecimals: number;
  /** Names the asset in the "too many decimal places" message. */
  assetLabel?: string;
}

function checkDecimal(text: string, rule: DecimalRule): Checked<string> {
  const match = plainDecimal.exec(text);
  if (!match) {
    return bad(
      rule.code,
      `${rule.field} must be a plain decimal number such as 12.50 (digits and one optional ".", no sign, spaces or exponent).`,
      rule.field,
    );
  }
  const integer = match[1] ?? '';
  const fraction = match[2] ?? '';
  const value = canonical(integer, fraction);
  const wholeDigits = value.split('.')[0] ?? '';
  if (wholeDigits.length > MAX_INTEGER_DIGITS)
    return bad(rule.code, `${rule.field} is too large.`, rule.field);
  const places = fraction.replace(/0+$/, '').length;
  if (places > rule.maxDecimals) {
    const where = rule.assetLabel === undefined ? '' : ` for ${rule.assetLabel}`;
    return bad(
      rule.code,
      `${rule.field} has ${places} decimal places but at most ${rule.maxDecimals} are allowed${where}.`,
      rule.field,
    );
  }
  if (!rule.allowZero && /^[0.]+$/.test(value))
    return bad(rule.code, `${rule.field} must be greater than zero.`, rule.field);
  return { ok: true, value };
}

function checkSerial(text: string): Checked<string> {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > 64) {
    return bad(
      'INVALID_SERIAL_NUMBER',
      'serial_number must be 1 to 64 characters.',
      'serial_number',
    );
  }
  return { ok: true, value: trimmed };
}

const qrFields = [
  'order_id',
  'amount',
  'asset',
  'chain_id',
  'currency',
  'fee_value',
  'serial_number',
] as const;

export function checkQrRequest(body: Record<string, unknown>): Checked<QrOrderRequest> {
  const typeError = checkFieldTypes(body, qrFields);
  if (typeError) return typeError;
  // Types were checked above; these casts only narrow for the compiler.
  const text = (field: string) => body[field] as string;

  const orderId = checkOrderId(text('order_id'));
  if (!orderId.ok) return orderId;
  const chain = checkChainId(body.chain_id as string | number);
  if (!chain.ok) return chain;
  const asset = findAsset(chain.value, text('asset'));
  if (!asset) {
    return bad(
      'UNKNOWN_ASSET',
      `Asset ${text('asset')} is not available on ${chain.value.name}.`,
      'asset',
    );
  }
  const assetLabel = `${asset.symbol} on ${chain.value.name}`;
  const amount = checkDecimal(text('amount'), {
    field: 'amount',
    code: 'INVALID_AMOUNT',
    allowZero: false,
    maxDecimals: asset.decimals,
    assetLabel,
  });
  if (!amount.ok) return amount;
  const fee = checkDecimal(text('fee_value'), {
    field: 'fee_value',
    code: 'INVALID_FEE',
    allowZero: true,
    maxDecimals: asset.decimals,
    assetLabel,
  });
  if (!fee.ok) return fee;
  const currency = text('currency');
  if (!/^[A-Z]{3,5}$/.test(currency)) {
    return bad(
      'INVALID_CURRENCY',
      'currency must be an upper-case currency code such as USD.',
      'currency',
    );
  }
  const serial = checkSerial(text('serial_number'));
  if (!serial.ok) return serial;
  return {
    ok: true,
    value: {
      orderId: orderId.value,
      amount: amount.value,
      feeValue: fee.value,
      chain: chain.value,
      asset,
      currency,
      serialNumber: serial.value,
    },
  };
}

const nfcFields = ['order_id', 'amount', 'token', 'serial_number'] as const;
const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** NFC requests name no asset; the widest decimals any asset may have bounds the amount. */
const NFC_MAX_DECIMALS = 36;

export function checkNfcRequest(body: Record<string, unknown>): Checked<NfcPaymentRequest> {
  const typeError = checkFieldTypes(body, nfcFields);
  if (typeError) return typeError;
  const text = (field: string) => body[field] as string;

  const orderId = checkOrderId(text('order_id'));
  if (!orderId.ok) return orderId;
  const amount = checkDecimal(text('amount'), {
    field: 'amount',
    code: 'INVALID_AMOUNT',
    allowZero: false,
    maxDecimals: NFC_MAX_DECIMALS,
  });
  if (!amount.ok) return amount;
  const token = text('token');
  if (!uuidShape.test(token)) {
    return bad(
      'INVALID_TOKEN',
      'token must be UUID-shaped (8-4-4-4-12 hexadecimal digits).',
      'token',
    );
  }
  const serial = checkSerial(text('serial_number'));
  if (!serial.ok) return serial;
  return {
    ok: true,
    value: {
      orderId: orderId.value,
      amount: amount.value,
      token: token.toLowerCase(),
      serialNumber: serial.value,
    },
  };
}

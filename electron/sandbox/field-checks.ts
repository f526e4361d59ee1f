import { findChain, type SandboxChain } from './catalogue';
import type { EnvelopeError } from './envelope-replies';
import type { ParsedBody } from './read-body';

/**
 * The checks on single fields of the POST bodies and on the body itself, shared by the QR
 * and NFC validators and by `/asset`'s chain_id. Each answers the value to use or the
 * 400 envelope error that refuses the request.
 */

export type Checked<T> = { ok: true; value: T } | { ok: false; error: EnvelopeError };
type Refused = { ok: false; error: EnvelopeError };

export const bad = (code: string, msg: string, field?: string): Refused => ({
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
export function checkFieldTypes(
  body: Record<string, unknown>,
  fields: readonly string[],
): Refused | undefined {
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

export function checkOrderId(text: string): Checked<string> {
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

export function checkSerial(text: string): Checked<string> {
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

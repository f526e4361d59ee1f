import type { z } from 'zod';
import { checkAmount, checkFee, MAX_DECIMALS } from '../../shared/money';
import type { Asset } from '../../shared/wire/asset';
import {
  generateNfcRequestSchema,
  generateQrRequestSchema,
  type GenerateNfcRequest,
  type GenerateQrRequest,
} from '../../shared/wire/requests';

/**
 * Either the request exactly as it will be sent, or why it is not sent. `value` is the
 * schema's parse (trimmed, normalised), never the caller's object: what was checked is what
 * goes on the wire (docs/payment-service.md: Types on the wire).
 */
export type Validated<T> = { ok: true; value: T } | { ok: false; reason: string };

/**
 * The last gate before money leaves the till: the body must match the wire schema and the
 * amounts must fit the asset (docs/payment-service.md: Types on the wire — amount > 0, at most
 * `decimal` fraction digits; fee >= 0).
 */
export function validateQrRequest(request: unknown, asset: Asset): Validated<GenerateQrRequest> {
  const parsed = generateQrRequestSchema.safeParse(request);
  if (!parsed.success) return { ok: false, reason: firstIssue(parsed.error) };
  const body = parsed.data;
  if (body.asset !== asset.asset || body.chain_id !== String(asset.chain_id)) {
    return {
      ok: false,
      reason: 'The selected asset does not match the asset or chain of the request.',
    };
  }
  const amount = checkAmount(body.amount, asset.decimal);
  if (!amount.ok) return { ok: false, reason: amount.reason };
  const fee = checkFee(body.fee_value, asset.decimal);
  if (!fee.ok) return { ok: false, reason: fee.reason };
  return { ok: true, value: body };
}

export function validateNfcRequest(request: unknown): Validated<GenerateNfcRequest> {
  const parsed = generateNfcRequestSchema.safeParse(request);
  if (!parsed.success) return { ok: false, reason: firstIssue(parsed.error) };
  // The asset is not known here; the amount must still be a positive decimal.
  const amount = checkAmount(parsed.data.amount, MAX_DECIMALS);
  if (!amount.ok) return { ok: false, reason: amount.reason };
  return { ok: true, value: parsed.data };
}

/** Names the field and the rule, never the value (an NFC token is single-use and private). */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is malformed.';
  const path = issue.path.map(String).join('.');
  return path
    ? `The request field "${path}" is not valid (${issue.message}).`
    : `The request is not valid (${issue.message}).`;
}

import { z } from 'zod';
import { chainIdBodySchema } from './chain-id';

/**
 * Decimal string as we send it: no sign, no exponent, '.' separator
 * (docs/payment-service.md: Types on the wire).
 */
const decimalText = z.string().regex(/^\d+(\.\d+)?$/, 'must be a plain decimal string');

const orderIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
export const serialNumberSchema = z
  .string()
  .trim()
  .min(1, 'the till has no serial number: set it in Settings, or ask IT')
  .max(64, 'the serial number is longer than 64 characters');

/**
 * API 4.3 request body; every field is a string on the wire. Parse it and send what the
 * parse returns: the serial number trimmed, `chain_id` as digits even when given as a number.
 */
export const generateQrRequestSchema = z.object({
  order_id: orderIdSchema,
  amount: decimalText,
  asset: z.string().min(1),
  chain_id: chainIdBodySchema,
  currency: z.string().regex(/^[A-Z]{3,5}$/, 'currency must be an upper-case code'),
  fee_value: decimalText,
  serial_number: serialNumberSchema,
});
/** The body as it goes on the wire (the parse's output). */
export type GenerateQrRequest = z.output<typeof generateQrRequestSchema>;
/** What may be handed to the parse (chain_id also as a number). */
export type GenerateQrRequestInput = z.input<typeof generateQrRequestSchema>;

/**
 * The token a wallet hands over by NFC in its canonical form: UUID-shaped, lower case
 * (docs/payment-service.md: NFC payment). The reader process sends only this form.
 */
export const nfcTokenSchema = z
  .string()
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    'not a UUID-shaped token',
  );

/** A token as read or typed: surrounding spaces dropped and lower-cased, then the canonical check. */
export const nfcTokenInputSchema = z.string().trim().toLowerCase().pipe(nfcTokenSchema);

/** API 4.4 request body; the parse lower-cases the token and trims the serial number. */
export const generateNfcRequestSchema = z.object({
  order_id: orderIdSchema,
  amount: decimalText,
  token: nfcTokenInputSchema,
  serial_number: serialNumberSchema,
});
/** The body as it goes on the wire (the parse's output). */
export type GenerateNfcRequest = z.output<typeof generateNfcRequestSchema>;

/**
 * An NFC order before the customer's tap: everything generate_nfc will carry except the
 * token, which does not exist yet (`token: null`). Parsed when the order is made, so the
 * journal holds the values that will be sent.
 */
export const nfcOrderAwaitingTapSchema = generateNfcRequestSchema.extend({ token: z.null() });
export type NfcOrderAwaitingTap = z.output<typeof nfcOrderAwaitingTapSchema>;

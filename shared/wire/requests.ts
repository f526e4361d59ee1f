import { z } from 'zod';
import { chainIdParamSchema } from './chain-id';

/** Decimal string as we send it: no sign, no exponent, '.' separator (NOTES). */
const decimalText = z.string().regex(/^\d+(\.\d+)?$/, 'must be a plain decimal string');

export const orderIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
export const serialNumberSchema = z
  .string()
  .trim()
  .min(1, 'the till has no serial number: set it in Settings, or ask IT')
  .max(64, 'the serial number is longer than 64 characters');

/** API 4.3 request body; every field is a string on the wire. */
export const generateQrRequestSchema = z.object({
  order_id: orderIdSchema,
  amount: decimalText,
  asset: z.string().min(1),
  chain_id: chainIdParamSchema,
  currency: z.string().regex(/^[A-Z]{3,5}$/, 'currency must be an upper-case code'),
  fee_value: decimalText,
  serial_number: serialNumberSchema,
});
export type GenerateQrRequest = z.infer<typeof generateQrRequestSchema>;

/** The token a wallet hands over by NFC: UUID-shaped, lower case (NOTES: NFC payment). */
export const nfcTokenSchema = z
  .string()
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    'not a UUID-shaped token',
  );

/** API 4.4 request body. */
export const generateNfcRequestSchema = z.object({
  order_id: orderIdSchema,
  amount: decimalText,
  token: nfcTokenSchema,
  serial_number: serialNumberSchema,
});
export type GenerateNfcRequest = z.infer<typeof generateNfcRequestSchema>;

import { z } from 'zod';

/**
 * In responses `chain_id` is an integer; a numeric string is accepted too (NOTES: Types on
 * the wire). Both normalise to a non-negative safe integer.
 */
export const chainIdSchema = z
  .union([z.number(), z.string().regex(/^\d{1,15}$/)])
  .transform((value) => Number(value))
  .pipe(z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER));

/** What we send: always a decimal string (NOTES: the app sends a string everywhere). */
export const chainIdParamSchema = z.string().regex(/^\d{1,15}$/, 'chain_id must be digits');

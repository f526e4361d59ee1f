import { z } from 'zod';

/**
 * Every response of the service, success or failure, is this envelope (API 2.1, 7.1).
 * The items of `errors` are not documented, so they are kept as opaque values.
 */
export const envelopeSchema = <Data extends z.ZodType>(data: Data) =>
  z.object({
    data,
    errors: z.array(z.unknown()),
    msg: z.string(),
    error_code: z.string(),
  });

/** The envelope with its payload unread: used first, to tell failure from success. */
export const looseEnvelopeSchema = z.object({
  data: z.unknown(),
  errors: z.array(z.unknown()),
  msg: z.string(),
  error_code: z.string(),
});
export type LooseEnvelope = z.infer<typeof looseEnvelopeSchema>;

/** A failure is any envelope with a message, a code or an error item (API 7.2). */
export function isFailureEnvelope(envelope: LooseEnvelope): boolean {
  return envelope.msg !== '' || envelope.error_code !== '' || envelope.errors.length > 0;
}

import { z } from 'zod';

/** API 2.4: what generate_qr returns in `data`. */
export const paymentLinkResultSchema = z.object({
  qr_url: z.string().min(1),
  rate_usd: z.number().finite(),
  expire_at: z.string(),
});
export type PaymentLinkResult = z.infer<typeof paymentLinkResultSchema>;

/** API 4.4: generate_nfc answers the plain string "success". */
export const nfcPaymentResultSchema = z.literal('success');

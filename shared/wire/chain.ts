import { z } from 'zod';
import { chainIdSchema } from './chain-id';

/** API 2.2 */
export const chainSchema = z.object({
  name: z.string().min(1),
  chain_id: chainIdSchema,
  logo: z.string(),
});
export type Chain = z.infer<typeof chainSchema>;
export const chainListSchema = z.array(chainSchema);

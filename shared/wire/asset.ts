import { z } from 'zod';
import { chainIdSchema } from './chain-id';

/** The most fractional digits any asset we know has; more is a malformed response. */
const MAX_ASSET_DECIMALS = 36;

/** API 2.3 */
export const assetSchema = z.object({
  asset: z.string().min(1),
  chain: z.string(),
  chain_id: chainIdSchema,
  decimal: z.number().int().min(0).max(MAX_ASSET_DECIMALS),
  logo: z.string(),
});
export type Asset = z.infer<typeof assetSchema>;
export const assetListSchema = z.array(assetSchema);

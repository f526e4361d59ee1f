import { z } from 'zod';
import { isValidTimeZone } from '../../shared/time-zone';
import { MAX_EXTRA_CHAINS } from './generated-chains';
import type { SandboxConfig } from './service-endpoints';

export type { SandboxConfig };

/**
 * What configure() and PUT /__control/config may change at runtime. `expirySeconds` may be
 * zero or negative on purpose: the app must cope with a link that is already expired.
 */
const sandboxConfigPatchSchema = z
  .strictObject({
    expirySeconds: z
      .number()
      .int()
      .min(-86_400 * 365)
      .max(86_400 * 365),
    timeZone: z
      .string()
      .refine(isValidTimeZone, 'timeZone must be an IANA time zone Intl knows, e.g. Europe/Paris'),
    expireAtOrder: z.enum(['day-first', 'month-first']),
    acceptAnyNfcToken: z.boolean(),
    /** Extra generated chains listed after the sample ones (a big service's catalogue, for benchmarks). */
    extraChains: z.number().int().min(0).max(MAX_EXTRA_CHAINS),
  })
  .partial();
export type SandboxConfigPatch = z.infer<typeof sandboxConfigPatchSchema>;

export const defaultSandboxConfig: SandboxConfig = {
  expirySeconds: 900,
  timeZone: 'UTC',
  expireAtOrder: 'day-first',
  acceptAnyNfcToken: true,
  extraChains: 0,
};

/** Throws a readable error for a bad patch, so a typo in a test fails at the line that made it. */
export function applyConfigPatch(current: SandboxConfig, patch: unknown): SandboxConfig {
  const parsed = sandboxConfigPatchSchema.safeParse(patch);
  if (!parsed.success) throw new Error(`Invalid sandbox config: ${z.prettifyError(parsed.error)}`);
  const next = { ...current };
  for (const [key, value] of Object.entries(parsed.data)) {
    if (value !== undefined) (next as Record<string, unknown>)[key] = value;
  }
  return next;
}

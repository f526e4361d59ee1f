import { z } from 'zod';

/**
 * Scripted faults: how the sandbox misbehaves on purpose so the app's handling of a bad
 * service can be tested over real HTTP. Semantics are in README.md ("Faults").
 */

export const sandboxEndpoints = ['chain', 'asset', 'generate_qr', 'generate_nfc'] as const;
export type SandboxEndpoint = (typeof sandboxEndpoints)[number];

const faultBodies = [
  'malformed-json',
  'html',
  'wrong-shape',
  'oversize',
  'envelope-error',
  'formula-names',
] as const;
const faultDrops = ['after-request', 'after-processing'] as const;
/** How the demo rate provider (/rates) misbehaves (docs/pricing.md: Rate provider). */
const faultRates = ['stale', 'garbage', 'negative', 'zero', 'missing', 'oversize'] as const;
export type RatesFault = (typeof faultRates)[number];
const faultLinks = [
  'wrong-order',
  'wrong-chain',
  'wrong-act',
  'http-link',
  'amount-mismatch',
  'bad-decimal',
] as const;

const faultRuleSchema = z.strictObject({
  /** 'rates' is the demo rate provider; a '*' rule never applies to it. */
  endpoint: z.enum([...sandboxEndpoints, 'rates', '*']),
  /** How many matching requests this rule still applies to; absent = until cleared. */
  times: z.number().int().positive().optional(),
  /** Delay before anything else happens, measured on the sandbox's Clock. */
  latencyMs: z.number().int().nonnegative().optional(),
  /** Answer an envelope error with this HTTP status (or use it as the status of `body`). */
  status: z.number().int().min(200).max(599).optional(),
  body: z.enum(faultBodies).optional(),
  /** Never answer; only close() ends the request. */
  hang: z.boolean().optional(),
  drop: z.enum(faultDrops).optional(),
  /** generate_qr only: answer success with a payment link the app's link check must refuse. */
  link: z.enum(faultLinks).optional(),
  /** rates only: answer with stale, unreadable, negative, zero, missing or oversize prices. */
  rates: z.enum(faultRates).optional(),
});
export type FaultRule = z.infer<typeof faultRuleSchema>;
export const faultRuleListSchema = z.array(faultRuleSchema);

/**
 * The active rules. The first rule whose endpoint matches a request applies to it (one rule
 * per request; put several effects in one rule to combine them) and its `times` counts down;
 * a rule whose count reaches zero is removed.
 */
export class FaultBook {
  private rules: FaultRule[] = [];

  set(rules: readonly FaultRule[]): void {
    // Copies, so counting down never edits the caller's objects.
    this.rules = faultRuleListSchema.parse(rules).map((rule) => ({ ...rule }));
  }

  list(): FaultRule[] {
    return this.rules.map((rule) => ({ ...rule }));
  }

  /** Takes the rule for one request, counting it down; undefined when none applies. */
  take(endpoint: SandboxEndpoint | 'rates'): FaultRule | undefined {
    if (this.rules.length === 0) return undefined;
    // The rate provider is not the payment service: only rules naming it apply to it.
    const index = this.rules.findIndex(
      (rule) => rule.endpoint === endpoint || (rule.endpoint === '*' && endpoint !== 'rates'),
    );
    if (index < 0) return undefined;
    const rule = this.rules[index] as FaultRule;
    if (rule.times !== undefined) {
      rule.times -= 1;
      if (rule.times <= 0) this.rules.splice(index, 1);
    }
    return { ...rule };
  }
}

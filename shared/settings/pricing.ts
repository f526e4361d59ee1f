import { z } from 'zod';
import { checkFee, MAX_DECIMALS } from '../money';
import { declareSetting } from './setting-declaration';
import { PRINTABLE_TRIMMED } from './text-rules';

/**
 * What a sale costs (docs/pricing.md): the shop's currency, how the cashier types a price,
 * the fees, which chain and asset are picked first, and where the rate from money to asset
 * comes from. Where prices come from is IT's: a till must not point its money at another rate.
 */

const amountEntryModes = ['money', 'asset', 'money-or-asset'] as const;
export type AmountEntry = (typeof amountEntryModes)[number];
const priceSources = ['peg', 'manual', 'provider', 'last-link'] as const;
export type PriceSource = (typeof priceSources)[number];

/** Fixed prices IT sets for stablecoins: 1 unit of the asset is `price` of `currency`. */
const ratePegSchema = z
  .object({
    asset: z.string().min(1).max(64).regex(PRINTABLE_TRIMMED),
    /** Only on this chain (chain_id digits); absent: on every chain. */
    chainId: z
      .string()
      .regex(/^\d{1,15}$/)
      .optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, { message: 'A peg currency is a code such as "USD".' }),
    price: z.string().regex(/^\d{1,12}(?:\.\d{1,18})?$/, {
      message: 'A peg price is a positive decimal such as "1".',
    }),
  })
  .strict()
  .refine((peg) => !/^0+(?:\.0+)?$/.test(peg.price), {
    message: 'A peg price must be more than zero.',
  });

export const pricingSettings = {
  /** ISO 4217 code of the currency the wallet shows the customer. */
  currency: declareSetting({
    schema: z
      .string()
      .overwrite((value) => value.toUpperCase())
      .regex(/^[A-Z]{3}$/, {
        message: 'The currency must be a three-letter ISO 4217 code such as "USD".',
      }),
    default: 'USD',
    itOnly: false,
    title: 'Shop currency',
    description: "ISO 4217 code of the currency the customer's wallet shows, e.g. USD.",
  }),
  /** Decimal string, zero or more, in units of the selected asset (docs/payment-service.md: fee_value). */
  feeValue: declareSetting({
    schema: z
      .string()
      .superRefine((value, ctx) => {
        const check = checkFee(value, MAX_DECIMALS);
        if (!check.ok) ctx.addIssue({ code: 'custom', message: check.reason });
      })
      .overwrite((value) => {
        const check = checkFee(value, MAX_DECIMALS);
        return check.ok ? check.value : value;
      }),
    default: '0',
    itOnly: false,
    title: 'Fee per sale in asset units',
    description:
      'Fee added to each sale, as a decimal string in units of the selected asset ("0" for none).',
  }),
  /** The chain the cashier picked last (chain_id as sent), or null. */
  lastChainId: declareSetting({
    schema: z
      .string()
      .regex(/^\d{1,15}$/, { message: 'The last chain id must be digits.' })
      .nullable(),
    default: null,
    itOnly: false,
    title: 'Preselected chain',
    description: 'The chain the cashier picked last (chain_id digits), or null.',
  }),
  /** The asset symbol the cashier picked last, or null. */
  lastAsset: declareSetting({
    schema: z
      .string()
      .min(1, { message: 'The last asset must not be empty (use null).' })
      .max(64, { message: 'The last asset must be at most 64 characters.' })
      .regex(PRINTABLE_TRIMMED, {
        message: 'The last asset may only hold printable ASCII characters.',
      })
      .nullable(),
    default: null,
    itOnly: false,
    title: 'Preselected asset',
    description: 'The asset symbol the cashier picked last, or null.',
  }),
  /**
   * How the cashier types a price (docs/pricing.md): "money" in the shop's currency (the
   * `currency` setting), "asset" in units of the picked asset (shops that price in a coin),
   * or "money-or-asset" (a switch on the keypad).
   */
  amountEntry: declareSetting({
    schema: z.enum(amountEntryModes, {
      message: 'The amount entry must be "money", "asset" or "money-or-asset".',
    }),
    default: 'money-or-asset',
    itOnly: false,
    title: 'How prices are typed',
    description:
      'How the cashier types prices: money (in the shop currency), asset (in units of the asset) or money-or-asset.',
  }),
  /**
   * Fee per money-priced sale, as a percentage of the price (decimal text, 0 to 99.99): a fee
   * of the whole price or more is a setting mistake, never a sale to make.
   */
  feePercent: declareSetting({
    schema: z.string().regex(/^\d{1,2}(?:\.\d{1,2})?$/, {
      message: 'The fee percentage must be a number from 0 to 99.99 with at most 2 decimals.',
    }),
    default: '0',
    itOnly: false,
    title: 'Fee percentage per sale',
    description: 'Fee per sale as a percentage of the price, 0 to 99.99 ("0" for none).',
  }),
  /** Fixed fee per money-priced sale, in the shop's currency (decimal text). */
  feeFixed: declareSetting({
    schema: z.string().regex(/^\d{1,9}(?:\.\d{1,4})?$/, {
      message: 'The fixed fee must be an amount in the shop currency, such as "0.30".',
    }),
    default: '0',
    itOnly: false,
    title: 'Fixed fee per sale',
    description: 'Fixed fee per sale in the shop currency ("0" for none).',
  }),
  ratePegs: declareSetting({
    schema: z.array(ratePegSchema).max(64, { message: 'At most 64 pegs may be listed.' }),
    default: [],
    itOnly: true,
    title: 'Fixed prices for stablecoins',
    description:
      'Fixed prices for stablecoins: [{"asset":"USDT","currency":"USD","price":"1"}], optionally with a chainId.',
  }),
  /** The rate provider IT names ('' = none; demo mode uses the sandbox's own). */
  rateProviderUrl: declareSetting({
    schema: z
      .string()
      .max(2000, { message: 'The rate provider address is too long.' })
      .regex(/^(?:https:\/\/[\x21-\x7e]+)?$/, {
        message: 'The rate provider address must be empty or start with https://.',
      }),
    default: '',
    itOnly: true,
    title: 'Rate provider address',
    description:
      'The https address of the rate provider (docs/pricing.md: Rate provider); empty for none.',
    details: "Demo mode uses the sandbox's own provider.",
  }),
  /** A provider rate older than this is not used. */
  rateMaxAgeSeconds: declareSetting({
    schema: z
      .number({ message: 'The rate maximum age must be a number of seconds.' })
      .int()
      .min(10, { message: 'The rate maximum age must be at least 10 seconds.' })
      .max(86_400, { message: 'The rate maximum age must be at most a day.' }),
    default: 300,
    itOnly: true,
    title: 'Maximum age of a provider rate',
    description: 'Seconds after which a provider rate is no longer used.',
  }),
  /** The rate_usd of this till's latest link for an asset is used while younger than this. */
  lastLinkRateMaxAgeSeconds: declareSetting({
    schema: z
      .number({ message: 'The last-link rate maximum age must be a number of seconds.' })
      .int()
      .min(0)
      .max(86_400, { message: 'The last-link rate maximum age must be at most a day.' }),
    default: 600,
    itOnly: true,
    title: "Maximum age of the latest link's rate",
    description: "Seconds the rate of this till's latest payment link stays usable (0: never).",
  }),
  /** Which rate sources are asked, first to last. */
  rateSourceOrder: declareSetting({
    schema: z
      .array(
        z.enum(priceSources, {
          message: 'A rate source is "peg", "manual", "provider" or "last-link".',
        }),
      )
      .min(1, { message: 'Name at least one rate source.' })
      .max(priceSources.length)
      .refine((order) => new Set(order).size === order.length, {
        message: 'Name each rate source once.',
      }),
    default: ['peg', 'manual', 'provider', 'last-link'],
    itOnly: true,
    title: 'Order of the rate sources',
    description: 'Rate sources in the order they are asked: peg, manual, provider, last-link.',
  }),
  /** USD per 1 unit of the shop currency, set by IT (else the provider's). '' = none. */
  fixedUsdPerUnit: declareSetting({
    schema: z
      .string()
      .regex(/^(?:\d{1,9}(?:\.\d{1,12})?)?$/, {
        message: 'The fixed exchange rate must be empty or a decimal such as "1.08".',
      })
      // A rate of zero would price every sale at nothing, then fail at the service.
      .refine((rate) => !/^0+(?:\.0+)?$/.test(rate), {
        message: 'The fixed exchange rate must be more than zero.',
      }),
    default: '',
    itOnly: true,
    title: 'Fixed US dollar rate',
    description:
      'US dollars per 1 unit of the shop currency, when IT fixes it ("1.08" for EUR); empty: from the rate provider.',
  }),
  /** How far the service's rate may differ from the app's before the cashier is asked (percent). */
  rateTolerancePercent: declareSetting({
    schema: z.string().regex(/^\d{1,2}(?:\.\d{1,2})?$/, {
      message: 'The rate tolerance must be a percentage from 0 to 99.99.',
    }),
    default: '1',
    itOnly: true,
    title: 'Rate tolerance',
    description:
      "How far the service's rate may differ from the app's, in percent, before the cashier decides.",
  }),
};

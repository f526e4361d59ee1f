import { z } from 'zod';
import { checkPrinterAddress } from './printing/printer-address';
import { normaliseBaseUrl } from './base-url';
import { checkFee, MAX_DECIMALS } from './money';
import { paperKinds } from './printing/print-document';
import { isValidTimeZone } from './time-zone';

/**
 * The till's settings: one schema, used for the local layer (electron-store), the managed
 * policy IT writes, and every write the cashier page asks for (docs/architecture.md:
 * Settings in layers). Each key is checked on its own, so a bad value in one key never
 * hides the rest.
 * Error messages are whole sentences: they are shown to the cashier and to IT as they are.
 *
 * How to add a setting: add its schema to `settingSchemas`, its default to `defaultSettings`,
 * and regenerate resources/managed/policy.schema.json (see electron/settings/README.md).
 */

/** IANA zone names: letters, digits and _ + - /, no more than 64 characters ("America/Argentina/Buenos_Aires"). */
const TIME_ZONE_TEXT = /^[A-Za-z0-9_+\-/]{1,64}$/;

/** True when Intl knows the zone (IANA name or "UTC"). Never throws. */
export function isKnownTimeZone(zone: string): boolean {
  return typeof zone === 'string' && TIME_ZONE_TEXT.test(zone) && isValidTimeZone(zone);
}

const timeZoneSchema = (what: string) =>
  z.string().refine(isKnownTimeZone, {
    message: `${what} must be an IANA time zone such as "Europe/Berlin" or "UTC".`,
  });

/** Printable ASCII without leading or trailing spaces (a serial is typed from a sticker). */
const PRINTABLE_TRIMMED = /^(?:[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?)?$/;
/** A lower-case DNS name or IP literal, optionally with :port (IT lists wallet hosts). */
const WALLET_HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;
/** Any text without control characters (the shop name may be in any script). */
const NO_CONTROL_CHARACTERS = /^[^\p{Cc}\p{Cf}\u2028\u2029]*$/u;

const customerDisplayModes = ['auto', 'display', 'same-screen', 'off'] as const;
const amountEntryModes = ['money', 'asset', 'money-or-asset'] as const;
export type AmountEntry = (typeof amountEntryModes)[number];
const priceSources = ['peg', 'manual', 'provider', 'last-link'] as const;
export type PriceSource = (typeof priceSources)[number];
export type CustomerDisplayMode = (typeof customerDisplayModes)[number];

const customerDisplaySettingSchema = z
  .object({
    mode: z.enum(customerDisplayModes, {
      message:
        'The customer display mode must be one of "auto", "display", "same-screen" or "off".',
    }),
    /** Electron's display id; only meaningful with mode "display". */
    displayId: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .strict()
  .refine((value) => value.mode !== 'display' || value.displayId !== undefined, {
    message: 'The customer display mode "display" needs the id of the display to use.',
  });
export type CustomerDisplaySetting = z.infer<typeof customerDisplaySettingSchema>;

const receiptPrintingModes = ['off', 'ask', 'automatic'] as const;
export type ReceiptPrintingMode = (typeof receiptPrintingModes)[number];
/** At most 4 lines of at most 60 characters, no control characters but the line breaks. */
const RECEIPT_LINES =
  /^(?:[^\p{Cc}\p{Cf}\u2028\u2029]{0,60})(?:\n[^\p{Cc}\p{Cf}\u2028\u2029]{0,60}){0,3}$/u;
/** A printer's system name as the OS lists it (CUPS, Windows): no control characters. */
const PRINTER_NAME = /^[^\p{Cc}\p{Cf}\u2028\u2029]{1,200}$/u;

const receiptPrinterKinds = ['none', 'os', 'network'] as const;

/** Why a network printer's host (without its port) fails checkPrinterAddress, or null. */
function printerHostProblem(host: string): string | null {
  // An IPv6 address holds colons: bracketed, so the check does not read its end as a port.
  const check = checkPrinterAddress(host.includes(':') ? `[${host}]` : host);
  return check.ok ? null : `The network printer address is not valid. ${check.reason}`;
}
const receiptPrinterSettingSchema = z
  .object({
    kind: z.enum(receiptPrinterKinds, {
      message: 'The receipt printer kind must be "none", "os" or "network".',
    }),
    /** kind "os": the system name (getPrintersAsync's `name`); absent: the OS's default printer. */
    deviceName: z
      .string()
      .regex(PRINTER_NAME, {
        message: 'The printer name must be 1 to 200 characters without control characters.',
      })
      .optional(),
    /**
     * kind "os": print on the page size the printer's driver has as its default (a roll driver
     * whose paper is "80 mm x receipt"), instead of the paper's own size. Absent: false.
     */
    paperFromPrinter: z.boolean({ message: 'paperFromPrinter must be true or false.' }).optional(),
    /**
     * kind "network": the ESC/POS printer's host name, IPv4 or IPv6 address (no port, no
     * brackets), checked by the same rules the printer connects with (checkPrinterAddress).
     */
    host: z
      .string()
      .max(253, { message: 'The network printer address is too long.' })
      .overwrite((value) => value.toLowerCase())
      // The characters a host name or an IP address may hold (a pattern IT's editors see too);
      // the full rules are checkPrinterAddress's, below.
      .regex(/^[0-9a-z.:-]+$/, {
        message: 'The network printer must be a host name or an IP address such as "10.0.0.40".',
      })
      .superRefine((value, context) => {
        const reason = printerHostProblem(value);
        if (reason) context.addIssue({ code: 'custom', message: reason });
      })
      .optional(),
    port: z
      .number({ message: 'The network printer port must be a number from 1 to 65535.' })
      .int({ message: 'The network printer port must be a number from 1 to 65535.' })
      .min(1, { message: 'The network printer port must be a number from 1 to 65535.' })
      .max(65_535, { message: 'The network printer port must be a number from 1 to 65535.' })
      .optional(),
  })
  .strict()
  .refine((value) => value.kind !== 'network' || value.host !== undefined, {
    message:
      'A network receipt printer needs its host, e.g. {"kind":"network","host":"10.0.0.40","port":9100}.',
  })
  .refine(
    (value) => value.kind === 'network' || (value.host === undefined && value.port === undefined),
    {
      message: 'Only a network receipt printer has a host and a port.',
    },
  )
  .refine(
    (value) =>
      value.kind === 'os' ||
      (value.deviceName === undefined && value.paperFromPrinter === undefined),
    { message: 'Only an OS receipt printer has a device name or paperFromPrinter.' },
  );
export type ReceiptPrinterSetting = z.infer<typeof receiptPrinterSettingSchema>;

/** One schema per key; the object schema below is built from these. */
export const settingSchemas = {
  /** '' = not configured: the app runs against its built-in sandbox (demo mode). */
  serviceBaseUrl: z
    .string()
    .max(2000, { message: 'The service address is too long.' })
    .superRefine((value, ctx) => {
      if (value === '') return;
      const check = normaliseBaseUrl(value);
      if (!check.ok) ctx.addIssue({ code: 'custom', message: check.reason });
    })
    .overwrite((value) => {
      const check = value === '' ? undefined : normaliseBaseUrl(value);
      return check?.ok ? check.baseUrl : value;
    })
    .meta({
      description:
        'The payment service base URL, ending in /v1/cf-payment (https; http only for loopback). Empty: not configured, the app runs in demo mode against its built-in sandbox.',
    }),
  serialNumber: z
    .string()
    .max(64, { message: 'The serial number must be at most 64 characters.' })
    .regex(PRINTABLE_TRIMMED, {
      message:
        'The serial number may only hold printable ASCII characters, without spaces at either end.',
    })
    .meta({ description: "The till's serial number as registered with the payment service." }),
  /** ISO 4217 code of the currency the wallet shows the customer. */
  currency: z
    .string()
    .overwrite((value) => value.toUpperCase())
    .regex(/^[A-Z]{3}$/, {
      message: 'The currency must be a three-letter ISO 4217 code such as "USD".',
    })
    .meta({ description: "ISO 4217 code of the currency the customer's wallet shows, e.g. USD." }),
  /** Decimal string, zero or more, in units of the selected asset (docs/payment-service.md: fee_value). */
  feeValue: z
    .string()
    .superRefine((value, ctx) => {
      const check = checkFee(value, MAX_DECIMALS);
      if (!check.ok) ctx.addIssue({ code: 'custom', message: check.reason });
    })
    .overwrite((value) => {
      const check = checkFee(value, MAX_DECIMALS);
      return check.ok ? check.value : value;
    })
    .meta({
      description:
        'Fee added to each sale, as a decimal string in units of the selected asset ("0" for none).',
    }),
  /** The zone the service writes expire_at in (docs/payment-service.md: expire_at). */
  serviceTimeZone: timeZoneSchema('The service time zone').meta({
    description: 'IANA time zone the payment service writes expiry times in, e.g. UTC.',
  }),
  /** The zone day reports are cut in. */
  reportTimeZone: timeZoneSchema('The report time zone').meta({
    description: "IANA time zone day reports are cut in; defaults to the computer's zone.",
  }),
  shopName: z
    .string()
    .max(80, { message: 'The shop name must be at most 80 characters.' })
    .regex(NO_CONTROL_CHARACTERS, { message: 'The shop name must not contain control characters.' })
    .meta({ description: 'Shop name shown on the customer display and in exports.' }),
  /**
   * The shop's logo on the customer display: an https address (downloaded through the same
   * bounded fetcher as chain logos) or a data: URL of a PNG, JPEG, WebP or SVG image; '' for none.
   */
  shopLogo: z
    .string()
    .max(350_000, { message: 'The shop logo must be at most 256 KiB.' })
    .regex(
      /^(?:|https:\/\/[\x21-\x7e]{1,2000}|data:image\/(?:png|jpeg|webp|svg\+xml);base64,[A-Za-z0-9+/]+={0,2})$/,
      {
        message:
          'The shop logo must be empty, an https:// address, or a data:image/... base64 URL.',
      },
    )
    .meta({
      description:
        'The shop logo on the customer display: an https address or a data:image base64 URL; empty for none.',
    }),
  /** The shop's address on receipts: up to 4 lines (\n between them), each at most 60 characters. */
  shopAddress: z
    .string()
    .max(250, { message: 'The shop address must be at most 250 characters.' })
    .regex(RECEIPT_LINES, {
      message:
        'The shop address must have at most 4 lines of at most 60 characters, without control characters.',
    })
    .meta({
      description:
        'The shop address printed on receipts: at most 4 lines (separated by a line break) of at most 60 characters.',
    }),
  /** The shop's tax or VAT number on receipts ("DE123456789"); '' for none. */
  shopTaxId: z
    .string()
    .max(40, { message: 'The tax id must be at most 40 characters.' })
    .regex(NO_CONTROL_CHARACTERS, { message: 'The tax id must not contain control characters.' })
    .meta({ description: "The shop's tax or VAT number printed on receipts; empty for none." }),
  /** A closing line or two on every receipt ("Thank you!"); '' for none. */
  receiptFooter: z
    .string()
    .max(250, { message: 'The receipt footer must be at most 250 characters.' })
    .regex(RECEIPT_LINES, {
      message:
        'The receipt footer must have at most 4 lines of at most 60 characters, without control characters.',
    })
    .meta({
      description:
        'Text printed at the foot of every receipt: at most 4 lines of at most 60 characters; empty for none.',
    }),
  /**
   * When a receipt is printed after a payment (docs/printing.md): "off" never by itself,
   * "ask" the sale screen offers it, "automatic" every payment prints one.
   */
  receiptPrinting: z
    .enum(receiptPrintingModes, {
      message: 'Receipt printing must be "off", "ask" or "automatic".',
    })
    .meta({
      description:
        'Receipts after a payment: off, ask (the sale screen offers one) or automatic (every payment prints one).',
    }),
  /** Which printer prints receipts: none, an OS printer by its system name, or ESC/POS on the network. */
  receiptPrinter: receiptPrinterSettingSchema.meta({
    description:
      'The receipt printer: {"kind":"none"}, {"kind":"os","deviceName":"EPSON TM-T20III"} (omit deviceName for the default printer) or {"kind":"network","host":"10.0.0.40","port":9100}.',
  }),
  /** The paper receipts are laid out for. */
  receiptPaper: z
    .enum(paperKinds, {
      message: 'The receipt paper must be "roll-58", "roll-80", "a4" or "letter".',
    })
    .meta({ description: 'The receipt paper: roll-58, roll-80 (mm wide rolls), a4 or letter.' }),
  /** Short sounds at the till on a card read, a payment and an error. */
  soundOn: z.boolean({ message: 'Sounds on must be true or false.' }).meta({
    description: 'Whether the till plays short sounds on a card read, a payment and an error.',
  }),
  /** 0-100. */
  soundVolume: z
    .number({ message: 'The sound volume must be a number from 0 to 100.' })
    .int({ message: 'The sound volume must be a whole number from 0 to 100.' })
    .min(0, { message: 'The sound volume must be a number from 0 to 100.' })
    .max(100, { message: 'The sound volume must be a number from 0 to 100.' })
    .meta({ description: 'Volume of the till sounds, 0 to 100.' }),
  /** The customer display plays the sounds too (off by default: one beep at a counter is enough). */
  customerDisplaySound: z
    .boolean({ message: 'Customer display sound must be true or false.' })
    .meta({ description: 'Whether the customer display plays a sound too (off by default).' }),
  customerDisplay: customerDisplaySettingSchema.meta({
    description:
      "Where the customer display window goes: auto (first display that is not the cashier's), display (the one with displayId), same-screen (a window on the cashier's display) or off.",
  }),
  /**
   * The wallet's private AID for ISO 7816-4 SELECT (docs/payment-service.md: NFC payment):
   * 5 to 16 bytes in hex.
   */
  nfcAid: z
    .string()
    .overwrite((value) => value.toUpperCase())
    .regex(/^(?:[0-9A-F]{2}){5,16}$/, {
      message:
        'The NFC AID must be 5 to 16 bytes written in hex (10 to 32 hex digits), e.g. "F0504F533235".',
    })
    .meta({ description: "The wallet's private AID for ISO 7816-4 SELECT, 5 to 16 bytes in hex." }),
  /** false: without a configured service the app refuses to start the sandbox. */
  demoModeAllowed: z.boolean({ message: 'Demo mode allowed must be true or false.' }).meta({
    description:
      'Whether the app may run against its built-in sandbox when no payment service is configured.',
  }),
  /** The chain the cashier picked last (chain_id as sent), or null. */
  lastChainId: z
    .string()
    .regex(/^\d{1,15}$/, { message: 'The last chain id must be digits.' })
    .nullable()
    .meta({ description: 'The chain the cashier picked last (chain_id digits), or null.' }),
  /** The asset symbol the cashier picked last, or null. */
  lastAsset: z
    .string()
    .min(1, { message: 'The last asset must not be empty (use null).' })
    .max(64, { message: 'The last asset must be at most 64 characters.' })
    .regex(PRINTABLE_TRIMMED, {
      message: 'The last asset may only hold printable ASCII characters.',
    })
    .nullable()
    .meta({ description: 'The asset symbol the cashier picked last, or null.' }),
  /**
   * Wallet hosts a payment link may point to (docs/payment-service.md: Payment links). Empty:
   * any public host name. An entry with a port ("pay.example.com:8443") or an IP literal is the
   * only way such a link is ever shown. Set by IT only.
   */
  allowedWalletHosts: z
    .array(
      z
        .string()
        .max(260, { message: 'An allowed wallet host must be at most 260 characters.' })
        .overwrite((value) => value.toLowerCase())
        .regex(WALLET_HOST, {
          message:
            'An allowed wallet host must be a host name, optionally with a port ("pay.example.com" or "pay.example.com:8443").',
        }),
    )
    .max(32, { message: 'At most 32 allowed wallet hosts may be listed.' })
    .meta({
      description:
        'Host names (optionally host:port) a payment link may point to; empty allows any public host name. IT only.',
    }),
  /**
   * How the cashier types a price (docs/pricing.md): "money" in the shop's currency (the
   * `currency` setting), "asset" in units of the picked asset (shops that price in a coin),
   * or "money-or-asset" (a switch on the keypad).
   */
  amountEntry: z
    .enum(amountEntryModes, {
      message: 'The amount entry must be "money", "asset" or "money-or-asset".',
    })
    .meta({
      description:
        'How the cashier types prices: money (in the shop currency), asset (in units of the asset) or money-or-asset.',
    }),
  /** Fee per money-priced sale, as a percentage of the price (decimal text, 0 to 100). */
  feePercent: z
    .string()
    .regex(/^(?:100(?:\.0{1,2})?|\d{1,2}(?:\.\d{1,2})?)$/, {
      message: 'The fee percentage must be a number from 0 to 100 with at most 2 decimals.',
    })
    .meta({ description: 'Fee per sale as a percentage of the price, 0 to 100 ("0" for none).' }),
  /** Fixed fee per money-priced sale, in the shop's currency (decimal text). */
  feeFixed: z
    .string()
    .regex(/^\d{1,9}(?:\.\d{1,4})?$/, {
      message: 'The fixed fee must be an amount in the shop currency, such as "0.30".',
    })
    .meta({ description: 'Fixed fee per sale in the shop currency ("0" for none).' }),
  /** Fixed prices IT sets for stablecoins: 1 unit of the asset is `price` of `currency`. */
  ratePegs: z
    .array(
      z
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
        }),
    )
    .max(64, { message: 'At most 64 pegs may be listed.' })
    .meta({
      description:
        'Fixed prices for stablecoins: [{"asset":"USDT","currency":"USD","price":"1"}], optionally with a chainId.',
    }),
  /** The rate provider IT names ('' = none; demo mode uses the sandbox's own). */
  rateProviderUrl: z
    .string()
    .max(2000, { message: 'The rate provider address is too long.' })
    .regex(/^(?:https:\/\/[\x21-\x7e]+)?$/, {
      message: 'The rate provider address must be empty or start with https://.',
    })
    .meta({
      description:
        'The https address of the rate provider (docs/pricing.md: Rate provider); empty for none.',
    }),
  /** A provider rate older than this is not used. */
  rateMaxAgeSeconds: z
    .number({ message: 'The rate maximum age must be a number of seconds.' })
    .int()
    .min(10, { message: 'The rate maximum age must be at least 10 seconds.' })
    .max(86_400, { message: 'The rate maximum age must be at most a day.' })
    .meta({ description: 'Seconds after which a provider rate is no longer used.' }),
  /** The rate_usd of this till's latest link for an asset is used while younger than this. */
  lastLinkRateMaxAgeSeconds: z
    .number({ message: 'The last-link rate maximum age must be a number of seconds.' })
    .int()
    .min(0)
    .max(86_400, { message: 'The last-link rate maximum age must be at most a day.' })
    .meta({
      description: "Seconds the rate of this till's latest payment link stays usable (0: never).",
    }),
  /** Which rate sources are asked, first to last. */
  rateSourceOrder: z
    .array(
      z.enum(priceSources, {
        message: 'A rate source is "peg", "manual", "provider" or "last-link".',
      }),
    )
    .min(1, { message: 'Name at least one rate source.' })
    .max(priceSources.length)
    .refine((order) => new Set(order).size === order.length, {
      message: 'Name each rate source once.',
    })
    .meta({
      description: 'Rate sources in the order they are asked: peg, manual, provider, last-link.',
    }),
  /** USD per 1 unit of the shop currency, set by IT (else the provider's). '' = none. */
  fixedUsdPerUnit: z
    .string()
    .regex(/^(?:\d{1,9}(?:\.\d{1,12})?)?$/, {
      message: 'The fixed exchange rate must be empty or a decimal such as "1.08".',
    })
    .meta({
      description:
        'US dollars per 1 unit of the shop currency, when IT fixes it ("1.08" for EUR); empty: from the rate provider.',
    }),
  /** How far the service's rate may differ from the app's before the cashier is asked (percent). */
  rateTolerancePercent: z
    .string()
    .regex(/^\d{1,2}(?:\.\d{1,2})?$/, {
      message: 'The rate tolerance must be a percentage from 0 to 99.99.',
    })
    .meta({
      description:
        "How far the service's rate may differ from the app's, in percent, before the cashier decides.",
    }),
  /** Each person signs in with a PIN; off: one implicit cashier who may do everything (small shops). */
  staffPinsRequired: z.boolean({ message: 'Staff PINs required must be true or false.' }).meta({
    description:
      'Whether each person signs in with a PIN and the roles apply; false: one implicit cashier, as a small shop runs.',
  }),
  /** Minutes without use before the till locks (signs out); 0 never. Only with staff PINs. */
  autoLockMinutes: z
    .number({ message: 'The auto-lock time must be a number of minutes from 0 to 240.' })
    .int({ message: 'The auto-lock time must be a whole number of minutes.' })
    .min(0, { message: 'The auto-lock time must be a number of minutes from 0 to 240.' })
    .max(240, { message: 'The auto-lock time must be a number of minutes from 0 to 240.' })
    .meta({ description: 'Minutes without use before the till signs out (0: never).' }),
  /**
   * Managers IT provisions: a name and the PIN's scrypt hash (made with `npm run hash-pin`),
   * never a PIN in clear. IT only.
   */
  provisionedManagers: z
    .array(
      z
        .object({
          name: z
            .string()
            .min(1, { message: 'A provisioned manager needs a name.' })
            .max(40, { message: 'A manager name must be at most 40 characters.' })
            .regex(NO_CONTROL_CHARACTERS, {
              message: 'A manager name must not contain control characters.',
            }),
          pinHash: z
            .string()
            .regex(
              /^scrypt\$\d{1,7}\$\d{1,2}\$\d{1,2}\$[A-Za-z0-9+/]+={0,2}\$[A-Za-z0-9+/]+={0,2}$/,
              {
                message: 'A provisioned manager PIN must be a hash made with "npm run hash-pin".',
              },
            ),
        })
        .strict(),
    )
    .max(20, { message: 'At most 20 managers may be provisioned.' })
    .meta({
      description:
        'Managers IT provisions: [{"name":"Ana","pinHash":"scrypt$..."}], the hash made with npm run hash-pin. IT only.',
    }),
  /** Where the updater looks for new versions; '' = no updates (the default). Set by IT only. */
  updateFeedUrl: z
    .string()
    .max(2000, { message: 'The update address is too long.' })
    .regex(/^(?:https:\/\/[\x21-\x7e]+)?$/, {
      message: 'The update address must be empty (no updates) or start with https://.',
    })
    .meta({
      description:
        'The https address of the update feed (the folder holding latest.yml); empty turns updates off. IT only.',
    }),
  /** The update channel read from the feed ("latest" reads latest.yml). Set by IT only. */
  updateChannel: z
    .enum(['latest', 'beta', 'alpha'], {
      message: 'The update channel must be "latest", "beta" or "alpha".',
    })
    .meta({ description: 'The update channel: latest, beta or alpha. IT only.' }),
} as const;

export type SettingKey = keyof typeof settingSchemas;
export const settingKeys = Object.keys(settingSchemas) as SettingKey[];

export const settingsSchema = z.object(settingSchemas).strict();
export type Settings = z.output<typeof settingsSchema>;

export function isSettingKey(key: string): key is SettingKey {
  return Object.prototype.hasOwnProperty.call(settingSchemas, key);
}

/**
 * Keys only IT sets, through the managed policy: the app never saves them locally and a
 * saved value is ignored, so nobody at the till can point updates elsewhere or widen the
 * hosts a payment link may go to.
 */
export const itOnlySettingKeys: ReadonlySet<SettingKey> = new Set<SettingKey>([
  'allowedWalletHosts',
  // Where prices come from: a till must not point its money at another rate.
  'ratePegs',
  'rateProviderUrl',
  'rateMaxAgeSeconds',
  'lastLinkRateMaxAgeSeconds',
  'rateSourceOrder',
  'fixedUsdPerUnit',
  'rateTolerancePercent',
  'updateFeedUrl',
  'updateChannel',
  // Who may approve what is IT's: a till cannot make itself a manager.
  'provisionedManagers',
]);

/** What only the running machine knows; tests pass fixed values. */
export interface SettingsEnvironment {
  /** The OS zone (Intl.DateTimeFormat().resolvedOptions().timeZone); 'UTC' in tests. */
  reportTimeZone: string;
}

/** Defaults: the bottom layer. */
export function defaultSettings(environment: SettingsEnvironment): Settings {
  return {
    serviceBaseUrl: '',
    serialNumber: '',
    currency: 'USD',
    feeValue: '0',
    serviceTimeZone: 'UTC',
    reportTimeZone: isKnownTimeZone(environment.reportTimeZone)
      ? environment.reportTimeZone
      : 'UTC',
    shopName: '',
    shopLogo: '',
    shopAddress: '',
    shopTaxId: '',
    receiptFooter: '',
    receiptPrinting: 'off',
    receiptPrinter: { kind: 'none' },
    receiptPaper: 'roll-80',
    soundOn: true,
    soundVolume: 70,
    customerDisplaySound: false,
    customerDisplay: { mode: 'auto' },
    nfcAid: 'F0504F533235',
    demoModeAllowed: true,
    lastChainId: null,
    lastAsset: null,
    allowedWalletHosts: [],
    amountEntry: 'money-or-asset',
    feePercent: '0',
    feeFixed: '0',
    ratePegs: [],
    rateProviderUrl: '',
    rateMaxAgeSeconds: 300,
    lastLinkRateMaxAgeSeconds: 600,
    rateSourceOrder: ['peg', 'manual', 'provider', 'last-link'],
    fixedUsdPerUnit: '',
    rateTolerancePercent: '1',
    updateFeedUrl: '',
    updateChannel: 'latest',
    staffPinsRequired: false,
    autoLockMinutes: 10,
    provisionedManagers: [],
  };
}

export type SettingCheck<K extends SettingKey> =
  { ok: true; value: Settings[K] } | { ok: false; problem: string };

/** Checks one value for one key; the value comes back normalised ("usd" -> "USD"). Never throws. */
export function checkSetting<K extends SettingKey>(key: K, value: unknown): SettingCheck<K> {
  const parsed = settingSchemas[key].safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data as Settings[K] };
  return { ok: false, problem: `${key}: ${describeIssues(parsed.error.issues)}` };
}

/** Zod issues as one sentence per problem (the messages above are already sentences). */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const where = issue.path.length > 0 ? ` (at ${issue.path.map(String).join('.')})` : '';
      return `${issue.message}${where}`;
    })
    .join(' ');
}

/** Where the effective value of a key comes from. */
type SettingSource = 'default' | 'local' | 'managed';

export interface SettingState {
  source: SettingSource;
  /** Set by the managed policy: read-only in the app, shown as "managed". */
  locked: boolean;
}

/** What the managed policy did at start (for the settings page and the log). */
export type ManagedPolicyStatus =
  | { kind: 'none'; path: string }
  | { kind: 'applied'; path: string; presetKeys: SettingKey[]; lockedKeys: SettingKey[] }
  | { kind: 'invalid'; path: string; problems: string[] }
  /** A file anybody but the administrator could change: ignored, with the reason in words. */
  | { kind: 'untrusted'; path: string; reason: string };

/** The settings as the app uses them, with where each value came from. */
export interface EffectiveSettings {
  values: Settings;
  keys: Record<SettingKey, SettingState>;
  /** The policy as a whole: the first problem, else where it applied, else none. */
  policy: ManagedPolicyStatus;
  /** Each place IT's policy was looked for, highest precedence first. */
  policySources: ManagedPolicyStatus[];
  /** Local values that were ignored because they no longer pass the schema. */
  localProblems: string[];
}

/** 'connection': the service address, which changes only with its token (connectService). */
type SettingsWriteErrorKind = 'managed' | 'invalid' | 'storage' | 'connection';

export interface SettingsWriteError {
  kind: SettingsWriteErrorKind;
  message: string;
  /** One sentence per problem; for 'managed', the locked keys are named. */
  problems: string[];
}

export type SettingsWriteResult =
  { ok: true; settings: EffectiveSettings } | { ok: false; error: SettingsWriteError };

import { z } from 'zod';
import { checkPrinterAddress } from '../printing/printer-address';
import { paperKinds } from '../printing/print-document';
import { declareSetting } from './setting-declaration';
import { RECEIPT_LINES } from './text-rules';

/**
 * Receipts (docs/printing.md): when one is printed, on which printer, on which paper, and
 * the line at its foot. A network printer's host is checked by the rules it connects with.
 */

const receiptPrintingModes = ['off', 'ask', 'automatic'] as const;
export type ReceiptPrintingMode = (typeof receiptPrintingModes)[number];

/** A printer's system name as the OS lists it (CUPS, Windows): no control characters. */
const PRINTER_NAME = /^[^\p{Cc}\p{Cf}\u2028\u2029]{1,200}$/u;

const receiptPrinterKinds = ['none', 'os', 'network'] as const;

/** Why a network printer's host (without its port) fails checkPrinterAddress, or null. */
function printerHostProblem(host: string): string | null {
  // An IPv6 address holds colons: bracketed, so the check does not read its end as a port.
  const check = checkPrinterAddress(host.includes(':') ? `[${host}]` : host);
  return check.ok ? null : `The network printer address is not valid. ${check.reason}`;
}

const portMessage = { message: 'The network printer port must be a number from 1 to 65535.' };

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
      .number(portMessage)
      .int(portMessage)
      .min(1, portMessage)
      .max(65_535, portMessage)
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

export const printingSettings = {
  /** A closing line or two on every receipt ("Thank you!"); '' for none. */
  receiptFooter: declareSetting({
    schema: z
      .string()
      .max(250, { message: 'The receipt footer must be at most 250 characters.' })
      .regex(RECEIPT_LINES, {
        message:
          'The receipt footer must have at most 4 lines of at most 60 characters, without control characters.',
      }),
    default: '',
    itOnly: false,
    title: 'Receipt footer',
    description:
      'Text printed at the foot of every receipt: at most 4 lines of at most 60 characters; empty for none.',
  }),
  /**
   * When a receipt is printed after a payment (docs/printing.md): "off" never by itself,
   * "ask" the sale screen offers it, "automatic" every payment prints one.
   */
  receiptPrinting: declareSetting({
    schema: z.enum(receiptPrintingModes, {
      message: 'Receipt printing must be "off", "ask" or "automatic".',
    }),
    default: 'off',
    itOnly: false,
    title: 'When receipts are printed',
    description:
      'Receipts after a payment: off, ask (the sale screen offers one) or automatic (every payment prints one).',
    details: 'With off, a receipt is printed only from the history.',
  }),
  /** Which printer prints receipts: none, an OS printer by its system name, or ESC/POS on the network. */
  receiptPrinter: declareSetting({
    schema: receiptPrinterSettingSchema,
    default: { kind: 'none' },
    itOnly: false,
    title: 'Receipt printer',
    description:
      'The receipt printer: {"kind":"none"}, {"kind":"os","deviceName":"EPSON TM-T20III"} (omit deviceName for the default printer) or {"kind":"network","host":"10.0.0.40","port":9100}.',
    details:
      'An OS printer with "paperFromPrinter":true prints on the page size its driver has as default; a network printer speaks ESC/POS.',
  }),
  /** The paper receipts are laid out for. */
  receiptPaper: declareSetting({
    schema: z.enum(paperKinds, {
      message: 'The receipt paper must be "roll-58", "roll-80", "a4" or "letter".',
    }),
    default: 'roll-80',
    itOnly: false,
    title: 'Receipt paper',
    description: 'The receipt paper: roll-58, roll-80 (mm wide rolls), a4 or letter.',
    details: 'A network ESC/POS printer prints a4 and letter on an 80 mm roll.',
  }),
};

import { z } from 'zod';
import { declareSetting } from './setting-declaration';
import { NO_CONTROL_CHARACTERS, RECEIPT_LINES } from './text-rules';
import { isKnownTimeZone, timeZoneSchema } from './time-zones';

/**
 * The shop itself: its name and logo on the customer display, its address and tax number on
 * receipts, and the zone its business day (and so its day reports) ends in.
 */
export const shopSettings = {
  shopName: declareSetting({
    schema: z
      .string()
      .max(80, { message: 'The shop name must be at most 80 characters.' })
      .regex(NO_CONTROL_CHARACTERS, {
        message: 'The shop name must not contain control characters.',
      }),
    default: '',
    itOnly: false,
    title: 'Shop name',
    description: 'Shop name shown on the customer display and in exports.',
    details: 'At most 80 characters.',
  }),
  /**
   * The shop's logo on the customer display: an https address (downloaded through the same
   * bounded fetcher as chain logos) or a data: URL of a PNG, JPEG, WebP or SVG image; '' for none.
   */
  shopLogo: declareSetting({
    schema: z
      .string()
      .max(350_000, { message: 'The shop logo must be at most 256 KiB.' })
      .regex(
        /^(?:|https:\/\/[\x21-\x7e]{1,2000}|data:image\/(?:png|jpeg|webp|svg\+xml);base64,[A-Za-z0-9+/]+={0,2})$/,
        {
          message:
            'The shop logo must be empty, an https:// address, or a data:image/... base64 URL.',
        },
      ),
    default: '',
    itOnly: false,
    title: 'Shop logo',
    description:
      'The shop logo on the customer display: an https address or a data:image base64 URL; empty for none.',
    details: 'PNG, JPEG, WebP or SVG, at most 256 KiB.',
  }),
  /** The shop's address on receipts: up to 4 lines (\n between them), each at most 60 characters. */
  shopAddress: declareSetting({
    schema: z
      .string()
      .max(250, { message: 'The shop address must be at most 250 characters.' })
      .regex(RECEIPT_LINES, {
        message:
          'The shop address must have at most 4 lines of at most 60 characters, without control characters.',
      }),
    default: '',
    itOnly: false,
    title: 'Shop address on receipts',
    description:
      'The shop address printed on receipts: at most 4 lines (separated by a line break) of at most 60 characters.',
  }),
  /** The shop's tax or VAT number on receipts ("DE123456789"); '' for none. */
  shopTaxId: declareSetting({
    schema: z
      .string()
      .max(40, { message: 'The tax id must be at most 40 characters.' })
      .regex(NO_CONTROL_CHARACTERS, {
        message: 'The tax id must not contain control characters.',
      }),
    default: '',
    itOnly: false,
    title: 'Shop tax or VAT number',
    description: "The shop's tax or VAT number printed on receipts; empty for none.",
    details: 'At most 40 characters.',
  }),
  /** The zone day reports are cut in. */
  reportTimeZone: declareSetting({
    schema: timeZoneSchema('The report time zone'),
    // The shop's day ends at the computer's midnight; a machine that names a zone Intl does
    // not know gets UTC rather than a default that fails its own schema.
    default: (environment) =>
      isKnownTimeZone(environment.reportTimeZone) ? environment.reportTimeZone : 'UTC',
    defaultInWords: "the computer's zone",
    itOnly: false,
    title: 'Day report time zone',
    description: "IANA time zone day reports are cut in; defaults to the computer's zone.",
  }),
};

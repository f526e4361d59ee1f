import { z } from 'zod';
import { normaliseBaseUrl } from '../base-url';
import { declareSetting } from './setting-declaration';
import { PRINTABLE_TRIMMED } from './text-rules';
import { timeZoneSchema } from './time-zones';

/**
 * The payment service this till talks to (docs/payment-service.md) and what it trusts of it:
 * the address, the till's serial, the zone expiry times come in, the wallet's NFC AID, the
 * hosts a payment link may point to, and whether the built-in sandbox may stand in.
 */

/** A lower-case DNS name or IP literal, optionally with :port (IT lists wallet hosts). */
const WALLET_HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

export const serviceSettings = {
  /** '' = not configured: the app runs against its built-in sandbox (demo mode). */
  serviceBaseUrl: declareSetting({
    schema: z
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
      }),
    default: '',
    itOnly: false,
    title: 'Payment service address',
    description:
      'The payment service base URL, ending in /v1/cf-payment (https; http only for loopback). Empty: not configured, the app runs in demo mode against its built-in sandbox.',
  }),
  serialNumber: declareSetting({
    schema: z
      .string()
      .max(64, { message: 'The serial number must be at most 64 characters.' })
      .regex(PRINTABLE_TRIMMED, {
        message:
          'The serial number may only hold printable ASCII characters, without spaces at either end.',
      }),
    default: '',
    itOnly: false,
    title: 'Till serial number',
    description: "The till's serial number as registered with the payment service.",
    details: 'Printable ASCII, at most 64 characters.',
  }),
  /** The zone the service writes expire_at in (docs/payment-service.md: expire_at). */
  serviceTimeZone: declareSetting({
    schema: timeZoneSchema('The service time zone'),
    default: 'UTC',
    itOnly: false,
    title: 'Payment service time zone',
    description: 'IANA time zone the payment service writes expiry times in, e.g. UTC.',
  }),
  /**
   * The wallet's private AID for ISO 7816-4 SELECT (docs/payment-service.md: NFC payment):
   * 5 to 16 bytes in hex.
   */
  nfcAid: declareSetting({
    schema: z
      .string()
      .overwrite((value) => value.toUpperCase())
      .regex(/^(?:[0-9A-F]{2}){5,16}$/, {
        message:
          'The NFC AID must be 5 to 16 bytes written in hex (10 to 32 hex digits), e.g. "F0504F533235".',
      }),
    default: 'F0504F533235',
    itOnly: false,
    title: 'NFC wallet AID',
    description: "The wallet's private AID for ISO 7816-4 SELECT, 5 to 16 bytes in hex.",
  }),
  /**
   * How long one tap's read may take, from the card's arrival to its token (docs/payment-service.md:
   * NFC payment): a slow tag or phone fails in words at it rather than holding the reader for
   * seconds. IT only: the longer a read may take, the longer a phone laid down in passing can
   * still answer; it is IT's trade, not the counter's.
   */
  nfcReadDeadlineMs: declareSetting({
    schema: z
      .number({ message: 'The NFC read deadline must be a number of milliseconds.' })
      .int({ message: 'The NFC read deadline must be a whole number of milliseconds.' })
      .min(500, { message: 'The NFC read deadline must be at least 500 milliseconds.' })
      .max(10_000, { message: 'The NFC read deadline must be at most 10,000 milliseconds.' }),
    default: 2000,
    itOnly: true,
    title: 'NFC read deadline',
    description:
      'Milliseconds one tap may take to read, from the phone touching the reader to its payment token; a slower read fails and the customer is asked to tap again.',
    details: 'From 500 to 10000 milliseconds.',
  }),
  /** false: without a configured service the app refuses to start the sandbox. */
  demoModeAllowed: declareSetting({
    schema: z.boolean({ message: 'Demo mode allowed must be true or false.' }),
    default: true,
    itOnly: false,
    title: 'Allow demo mode',
    description:
      'Whether the app may run against its built-in sandbox when no payment service is configured.',
  }),
  /**
   * Wallet hosts a payment link may point to (docs/payment-service.md: Payment links). Empty:
   * any public host name. An entry with a port ("pay.example.com:8443") or an IP literal is the
   * only way such a link is ever shown. IT only: a till must not widen where its customers'
   * wallets are sent.
   */
  allowedWalletHosts: declareSetting({
    schema: z
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
      .max(32, { message: 'At most 32 allowed wallet hosts may be listed.' }),
    default: [],
    itOnly: true,
    title: 'Allowed wallet hosts',
    description:
      'Host names (optionally host:port) a payment link may point to; empty allows any public host name. IT only.',
  }),
};

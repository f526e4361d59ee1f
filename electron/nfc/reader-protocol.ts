/**
 * The messages between the NFC reader process and the main process, the same over Node's
 * child_process IPC (tests) and Electron's utilityProcess parentPort (app). Both sides parse
 * what arrives: a message is `unknown` until its schema accepts it.
 */
import { z } from 'zod';
import { nfcTokenSchema } from '../../shared/wire/requests';

/**
 * Card events carry the reader's name and `tap`, a number that is new for every card
 * presence within one reader process: the host reads at most one token per tap.
 */
const cardFields = { reader: z.string(), tap: z.number().int().nonnegative() };

export const readerToHostSchema = z.discriminatedUnion('type', [
  /** The PC/SC service (pcscd) is not running; the process polls until it is. */
  z.object({ type: z.literal('pcsc-missing') }),
  /**
   * The PC/SC service runs but left a status query unanswered for `waitedMs` (hung): the
   * process's PC/SC calls are stuck with it, so the host ends the process and starts another.
   */
  z.object({ type: z.literal('pcsc-not-answering'), waitedMs: z.number().nonnegative() }),
  /** PC/SC runs but no reader is connected. */
  z.object({ type: z.literal('no-reader') }),
  z.object({ type: z.literal('reader-ready'), reader: z.string() }),
  z.object({ type: z.literal('reader-gone'), reader: z.string() }),
  /**
   * A card presence begins. `alreadyThere`: the card already lay on the reader when this
   * process's PC/SC session first saw the reader (a start, a restart, a new session, a reader
   * plugged in with a phone on it); it is no tap, it is never read, and it must be lifted and
   * laid down again to pay.
   */
  z.object({
    type: z.literal('card-present'),
    ...cardFields,
    alreadyThere: z.literal(true).optional(),
  }),
  z.object({ type: z.literal('reading'), ...cardFields }),
  z.object({
    type: z.literal('token-read'),
    ...cardFields,
    token: nfcTokenSchema,
    protocol: z.enum(['aid', 'ndef']),
    /** Time spent exchanging APDUs for this tap, for the log and the benchmark. */
    exchangeMs: z.number().nonnegative(),
  }),
  z.object({ type: z.literal('card-removed'), ...cardFields }),
  /** A failed read (`fault` a ReadFault, with reader and tap) or a PC/SC failure (`fault` PCSC_FAILED). */
  z.object({
    type: z.literal('error'),
    message: z.string(),
    fault: z.string().optional(),
    reader: z.string().optional(),
    tap: z.number().int().nonnegative().optional(),
  }),
  /** Answer to `ping`: the process's thread is not stuck in the PC/SC addon. */
  z.object({ type: z.literal('pong'), id: z.number().int() }),
]);
export type ReaderToHost = z.infer<typeof readerToHostSchema>;

export const hostToReaderSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('configure'),
    /** The wallet's private AID, hex. */
    aid: z.string(),
    apduTimeoutMs: z.number().int().positive().max(60_000).optional(),
    /** The whole read of one card, from its arrival (the nfcReadDeadlineMs setting). */
    readDeadlineMs: z.number().int().positive().max(60_000).optional(),
  }),
  z.object({ type: z.literal('ping'), id: z.number().int() }),
  z.object({ type: z.literal('shutdown') }),
]);
export type HostToReader = z.infer<typeof hostToReaderSchema>;

export const DEFAULT_APDU_TIMEOUT_MS = 1500;
/** The read deadline until the host configures one (the setting's default is the same). */
export const DEFAULT_READ_DEADLINE_MS = 2000;

/** `error.fault` when PC/SC itself failed: every reader is gone until the process reconnects. */
export const PCSC_FAILED = 'pcsc-failed';

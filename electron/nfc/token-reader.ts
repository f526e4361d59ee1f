/**
 * Reads a wallet token from a tapped phone over any APDU transport (docs/payment-service.md: NFC payment):
 *   1. SELECT the wallet's private AID; the answer's data is the token (ASCII or 16 bytes);
 *   2. else an NFC Forum Type 4 tag: NDEF application, CC file E103, NDEF file, its Text and
 *      URI records (all of them: they must agree on one token, token-extract.ts).
 * Every APDU has a deadline and so has the whole read (a tag that answers every command in
 * time can still take seconds over many small reads), every status word and every answer's
 * size is checked, and no input makes it throw: the result is a token or a fault with a
 * message for the cashier.
 */
import type { Clock } from '../../shared/clock';
import {
  CC_FILE_ID,
  NDEF_APPLICATION_AID,
  SW_OK,
  getResponse,
  isMoreDataWaiting,
  isWrongLe,
  readBinary,
  selectByAid,
  selectFile,
  splitResponse,
  swHex,
  withShortLe,
} from './apdu';
import { concatBytes, readUint16, readUint32 } from './bytes';
import { CC_READ_LENGTH, parseCapabilityContainer } from './ndef-capability';
import { parseNdefMessage } from './ndef-message';
import { decodeTokenCarrier } from './ndef-records';
import type { ReadFault } from './read-faults';
import { cashierMessage } from './read-faults';
import { tokenFromAidData, tokenFromCarriers, type TokenCarrier } from './token-extract';
import type { TransmitPort } from './timed-transmit';
import { timedTransmit } from './timed-transmit';

type TokenProtocol = 'aid' | 'ndef';

export type TokenReadResult =
  | { ok: true; token: string; protocol: TokenProtocol }
  | { ok: false; fault: ReadFault; reason: string };

export interface TokenReaderOptions {
  /** The wallet's private AID (settings; default F0504F533235). */
  aid: Uint8Array;
  apduTimeoutMs: number;
  clock: Clock;
  /**
   * When the whole read must be over, on `clock` (`atMs`), and how long it was given (`ms`,
   * for the words). No command is sent after it, and one in flight is given up at it.
   */
  readDeadline?: { atMs: number; ms: number };
  /** Largest NDEF message accepted; a token needs well under 200 bytes. */
  maxNdefBytes?: number;
  /** Use extended-length READ BINARY when the tag's MLe allows more than 255 bytes. */
  extendedReads?: boolean;
}

const DEFAULT_MAX_NDEF_BYTES = 4096;
/**
 * Largest answer to one command: the NDEF cap (4 KiB) plus status word, with room. A wallet's
 * token needs well under 100 bytes; anything this large is refused as such, not as a phone
 * that moved away.
 */
const MAX_RESPONSE_BYTES = 8192;
/** SCARD_E_INSUFFICIENT_BUFFER as the addon words it: the answer outgrew the buffer asked for. */
const BUFFER_TOO_SMALL = 'Insufficient buffer';
const SHORT_READ_MAX = 255;
const MAX_GET_RESPONSE_ROUNDS = 16;

type Answer = { ok: true; data: Uint8Array; sw: number };
type Stop = { ok: false; fault: ReadFault; detail: string };

function stop(fault: ReadFault, detail: string): Stop {
  return { ok: false, fault, detail };
}

class Session {
  constructor(
    private readonly transmit: TransmitPort,
    private readonly options: TokenReaderOptions,
  ) {}

  /** One command, following 6Cxx (resend with the right Le) and 61xx (GET RESPONSE) answers. */
  async exchange(command: Uint8Array): Promise<Answer | Stop> {
    let first = await this.once(command);
    if (first.ok && isWrongLe(first.sw))
      first = await this.once(withShortLe(command, first.sw & 0xff));
    if (!first.ok || !isMoreDataWaiting(first.sw)) return first;
    const parts = [first.data];
    let answer: Answer = first;
    for (let round = 0; isMoreDataWaiting(answer.sw); round++) {
      if (round >= MAX_GET_RESPONSE_ROUNDS)
        return stop('garbled', 'the phone kept announcing more data');
      const next = await this.once(getResponse(answer.sw & 0xff));
      if (!next.ok) return next;
      parts.push(next.data);
      answer = next;
    }
    return { ok: true, data: concatBytes(parts), sw: answer.sw };
  }

  private async once(command: Uint8Array): Promise<Answer | Stop> {
    const { clock, apduTimeoutMs, readDeadline } = this.options;
    const left = readDeadline ? readDeadline.atMs - clock.now() : Number.POSITIVE_INFINITY;
    if (left <= 0) return this.tooSlow();
    // The read's deadline cuts this command's own when it comes first.
    const deadlineRules = left <= apduTimeoutMs;
    const outcome = await timedTransmit(
      this.transmit,
      command,
      clock,
      deadlineRules ? left : apduTimeoutMs,
    );
    if (!outcome.ok) {
      if (outcome.fault === 'timeout' && deadlineRules) return this.tooSlow();
      if (outcome.detail.includes(BUFFER_TOO_SMALL))
        return stop('too-large', `an answer larger than ${MAX_RESPONSE_BYTES} bytes`);
      return stop(outcome.fault, outcome.detail);
    }
    if (outcome.response.length > MAX_RESPONSE_BYTES)
      return stop('too-large', `an answer of ${outcome.response.length} bytes`);
    // An empty answer is what a reader returns when the phone left mid-command.
    if (outcome.response.length === 0) return stop('transmit-failed', 'empty answer');
    const split = splitResponse(outcome.response);
    if (!split.ok) return stop('garbled', `an answer of ${outcome.response.length} byte(s)`);
    return split;
  }

  private tooSlow(): Stop {
    return stop('too-slow', `the read took more than ${this.options.readDeadline?.ms ?? 0} ms`);
  }
}

export async function readWalletToken(
  transmit: TransmitPort,
  options: TokenReaderOptions,
): Promise<TokenReadResult> {
  try {
    return await readWithSession(new Session(transmit, options), options);
  } catch (error) {
    // Defensive: the steps below are written not to throw; a bug must still not crash the reader.
    return fail(stop('garbled', error instanceof Error ? error.message : 'unexpected error'));
  }
}

function fail(stopped: Stop): TokenReadResult {
  return { ok: false, fault: stopped.fault, reason: cashierMessage(stopped.fault, stopped.detail) };
}

async function readWithSession(
  session: Session,
  options: TokenReaderOptions,
): Promise<TokenReadResult> {
  const byAid = await session.exchange(selectByAid(options.aid));
  if (!byAid.ok) return fail(byAid);
  let aidStop: Stop;
  if (byAid.sw === SW_OK) {
    const token = tokenFromAidData(byAid.data);
    if (token.ok) return { ok: true, token: token.token, protocol: 'aid' };
    aidStop = stop('not-a-token', token.reason);
  } else {
    aidStop = stop('not-a-wallet', `wallet application answered ${swHex(byAid.sw)}`);
  }

  const ndefApp = await session.exchange(selectByAid(NDEF_APPLICATION_AID));
  if (!ndefApp.ok) return fail(ndefApp);
  if (ndefApp.sw !== SW_OK) {
    // Not an NDEF tag either: the wallet answer is the more useful one to show.
    return fail(
      aidStop.fault === 'not-a-wallet'
        ? stop('not-a-wallet', `${aidStop.detail}, NDEF application ${swHex(ndefApp.sw)}`)
        : aidStop,
    );
  }
  const result = await readNdefToken(session, options);
  if (result.ok) return { ok: true, token: result.token, protocol: 'ndef' };
  return fail(result);
}

async function expectOk(
  session: Session,
  command: Uint8Array,
  what: string,
): Promise<Answer | Stop> {
  const answer = await session.exchange(command);
  if (!answer.ok) return answer;
  if (answer.sw !== SW_OK)
    return stop(
      what === 'read' ? 'garbled' : 'unsupported-tag',
      `${what} answered ${swHex(answer.sw)}`,
    );
  return answer;
}

async function readNdefToken(
  session: Session,
  options: TokenReaderOptions,
): Promise<{ ok: true; token: string } | Stop> {
  const maxNdef = options.maxNdefBytes ?? DEFAULT_MAX_NDEF_BYTES;
  const selectCc = await expectOk(session, selectFile(CC_FILE_ID), 'capability container');
  if (!selectCc.ok) return selectCc;
  const ccRead = await expectOk(session, readBinary(0, CC_READ_LENGTH), 'read');
  if (!ccRead.ok) return ccRead;
  const cc = parseCapabilityContainer(ccRead.data);
  if (!cc.ok)
    return stop(cc.reason.includes('not allow') ? 'unsupported-tag' : 'garbled', cc.reason);
  const { ndefFileId, maxReadLength, maxNdefFileSize, lengthFieldSize } = cc.cc;

  const selectNdef = await expectOk(session, selectFile(ndefFileId), 'NDEF file');
  if (!selectNdef.ok) return selectNdef;
  const lengthRead = await expectOk(session, readBinary(0, lengthFieldSize), 'read');
  if (!lengthRead.ok) return lengthRead;
  const messageLength =
    lengthFieldSize === 2 ? readUint16(lengthRead.data, 0) : readUint32(lengthRead.data, 0);
  if (messageLength === null || lengthRead.data.length !== lengthFieldSize)
    return stop('garbled', 'NDEF length field');
  if (messageLength === 0) return stop('not-a-wallet', 'the tag is empty');
  if (messageLength > maxNdefFileSize - lengthFieldSize)
    return stop('garbled', 'NDEF length beyond the file size');
  if (messageLength > maxNdef)
    return stop('too-large', `NDEF message of ${messageLength} bytes is too large`);

  const chunkCap = Math.min(
    maxReadLength,
    options.extendedReads === false ? SHORT_READ_MAX : 0xffff,
  );
  const parts: Uint8Array[] = [];
  let received = 0;
  while (received < messageLength) {
    const want = Math.min(chunkCap, messageLength - received);
    const chunk = await expectOk(session, readBinary(lengthFieldSize + received, want), 'read');
    if (!chunk.ok) return chunk;
    if (chunk.data.length === 0 || chunk.data.length > want) {
      return stop('garbled', `asked for ${want} bytes of NDEF, got ${chunk.data.length}`);
    }
    parts.push(chunk.data);
    received += chunk.data.length;
  }

  const message = parseNdefMessage(concatBytes(parts));
  if (!message.ok)
    return stop(message.reason.includes('chunked') ? 'unsupported-tag' : 'garbled', message.reason);
  // Every Text and URI record counts, not the first that yields a token: a tag whose records
  // disagree, or that names a UUID as no token, is refused whole (token-extract.ts).
  const carriers: TokenCarrier[] = [];
  let undecodable: string | null = null;
  for (const record of message.records) {
    const carrier = decodeTokenCarrier(record);
    if (carrier === null) continue;
    if (carrier.ok) carriers.push({ kind: carrier.kind, value: carrier.value });
    else undecodable ??= carrier.reason;
  }
  const token = tokenFromCarriers(carriers);
  if (token.ok) return token;
  return stop('not-a-token', carriers.length === 0 && undecodable ? undecodable : token.reason);
}

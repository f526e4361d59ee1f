/**
 * One card presence, one token read: connect to the card on the reader, read the wallet token
 * (`token-reader.ts`), and hand back the result with the card's release. The caller reports
 * the result first and releases after: releasing is a PC/SC call too, and one that waits on a
 * hung service must never hold up the result. The whole read, connect included, has one
 * deadline from the card's arrival; connect also gets the same deadline as each APDU.
 */
import type { Clock } from '../../shared/clock';
import type { CardLink, PcscSession } from './pcsc-binding';
import { cashierMessage } from './read-faults';
import type { TokenReadResult } from './token-reader';
import { readWalletToken } from './token-reader';
import { withDeadline } from './with-deadline';

/**
 * The receive buffer asked of PC/SC for each APDU: the most any APDU can answer (65536 bytes
 * and the status word). With a smaller one an oversized answer fails as "Insufficient buffer",
 * which would read as a phone moved away; with this one it arrives and token-reader.ts refuses
 * it for its size.
 */
const RECEIVE_BUFFER_BYTES = 65_538;

export interface CardTapOptions {
  aid: Uint8Array;
  apduTimeoutMs: number;
  /** The whole read, from the card's arrival to its token or fault. */
  readDeadlineMs: number;
  clock: Clock;
}

export interface TapRead {
  result: TokenReadResult;
  /** Lets the card go, once its last APDU has ended; call it after reporting the result. */
  release(): void;
}

export async function readTap(
  session: PcscSession,
  reader: string,
  options: CardTapOptions,
): Promise<TapRead> {
  const { clock, apduTimeoutMs, readDeadlineMs } = options;
  const readDeadline = { atMs: clock.now() + readDeadlineMs, ms: readDeadlineMs };
  const connecting = session.connect(reader);
  const deadlineRules = readDeadlineMs <= apduTimeoutMs;
  const connected = await withDeadline(
    () => connecting,
    clock,
    deadlineRules ? readDeadlineMs : apduTimeoutMs,
  );
  if (!connected.ok) {
    const fault = connected.fault === 'timeout' && deadlineRules ? 'too-slow' : connected.fault;
    return {
      result: { ok: false, fault, reason: cashierMessage(fault, `connect: ${connected.detail}`) },
      // A connect that finishes after its deadline still holds a card handle.
      release: () => {
        if (connected.fault === 'timeout') void connecting.then((card) => card.disconnect(), noop);
      },
    };
  }
  const card: CardLink = connected.value;
  let inFlight: Promise<unknown> = Promise.resolve();
  const result = await readWalletToken(
    (apdu) => {
      const answer = card.transmit(apdu, RECEIVE_BUFFER_BYTES);
      inFlight = answer.catch(noop);
      return answer;
    },
    { aid: options.aid, apduTimeoutMs, clock, readDeadline },
  );
  return {
    result,
    // An APDU abandoned at its deadline still runs on the addon's worker thread, and
    // libpcsclite makes SCardDisconnect wait for it on our thread: release after it ends.
    release: () => void inFlight.then(() => card.disconnect()),
  };
}

function noop(): void {}

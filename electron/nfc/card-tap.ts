/**
 * One card presence, one token read: connect to the card on the reader, read the wallet token
 * (`token-reader.ts`), release the card. Connect gets the same deadline as each APDU.
 */
import type { Clock } from '../../shared/clock';
import type { CardLink, PcscSession } from './pcsc-binding';
import { cashierMessage } from './read-faults';
import type { TokenReadResult } from './token-reader';
import { readWalletToken } from './token-reader';
import { withDeadline } from './with-deadline';

/** Largest response accepted per APDU: our NDEF cap (4 KiB) plus status word, with room. */
const RESPONSE_MAX = 8192;

export interface CardTapOptions {
  aid: Uint8Array;
  apduTimeoutMs: number;
  clock: Clock;
}

export async function readTap(
  session: PcscSession,
  reader: string,
  options: CardTapOptions,
): Promise<TokenReadResult> {
  const connecting = session.connect(reader);
  const connected = await withDeadline(() => connecting, options.clock, options.apduTimeoutMs);
  if (!connected.ok) {
    // A connect that finishes after its deadline still holds a card handle.
    if (connected.fault === 'timeout') void connecting.then((card) => card.disconnect(), noop);
    return {
      ok: false,
      fault: connected.fault,
      reason: cashierMessage(connected.fault, `connect: ${connected.detail}`),
    };
  }
  const card: CardLink = connected.value;
  let inFlight: Promise<unknown> = Promise.resolve();
  try {
    return await readWalletToken((apdu) => {
      const answer = card.transmit(apdu, RESPONSE_MAX);
      inFlight = answer.catch(noop);
      return answer;
    }, options);
  } finally {
    // An APDU abandoned at its deadline still runs on the addon's worker thread, and
    // libpcsclite makes SCardDisconnect wait for it on our thread: release after it ends.
    void inFlight.then(() => card.disconnect());
  }
}

function noop(): void {}

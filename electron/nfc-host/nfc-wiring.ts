import type { Clock } from '../../shared/clock';
import type { Events } from '../../shared/ipc/contract';
import type { EventSink } from '../../shared/ipc/contract-kit';
import type { NfcStatus } from '../../shared/nfc/nfc-status';
import type { Logger } from '../logging/logger';
import { createNfcHost, type NfcHost } from './nfc-host';
import type { SpawnReader } from './reader-channel';
import type { SaleService } from '../sale/sale-service';
import { TapAnswerStamps } from './tap-answers';

const stoppedNfc: NfcStatus = {
  state: 'stopped',
  readers: [],
  card: 'none',
  lastError: 'No NFC reader support in this run.',
  restarts: 0,
};

export interface NfcWiring {
  /** Null where the platform cannot start a reader process (then NFC reads as stopped). */
  host: NfcHost | null;
  status(): NfcStatus;
}

/**
 * Starts the NFC reader process where the platform can, lets its taps pay the sale they were
 * read for, tells the cashier page every change of its status, and both pages what became of
 * every tap ('nfc-tap', one per card presence: the customer display hears it too).
 */
export function wireNfc(parts: {
  spawnReader: SpawnReader | undefined;
  clock: Clock;
  logger: Logger;
  sale: SaleService;
  aid: string;
  /** The nfcReadDeadlineMs setting. */
  readDeadlineMs: number;
  send: EventSink<Events>;
}): NfcWiring {
  const { spawnReader, clock, logger, sale, aid, readDeadlineMs, send } = parts;
  let host: NfcHost | null = null;
  if (spawnReader) {
    host = createNfcHost({ spawn: spawnReader, clock, logger, sale, aid, readDeadlineMs });
    host.reader.onStatus((status) => send('nfc-status', status));
    const stamps = new TapAnswerStamps(clock);
    host.bridge.onOutcome((outcome) => send('nfc-tap', stamps.stamp(outcome)));
    host.start();
  }
  const status = () => (host ? host.reader.status() : stoppedNfc);
  send('nfc-status', status());
  return { host, status };
}

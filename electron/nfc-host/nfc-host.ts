/**
 * The main process's NFC service, composed: the reader supervisor and the payment bridge.
 * `electron/main` builds it with a utilityProcess `spawn`; tests and the benchmark with
 * `forkReaderProcess`.
 */
import type { Clock } from '../../shared/clock';
import type { Logger } from '../logging/logger';
import type { NfcPaymentBridge, NfcSalePort } from './nfc-payment-bridge';
import { connectNfcPaymentBridge } from './nfc-payment-bridge';
import type { SpawnReader } from './reader-channel';
import type { ReaderSupervisorOptions, StopOutcome } from './reader-supervisor';
import { ReaderSupervisor } from './reader-supervisor';

export interface NfcHostOptions extends Omit<
  ReaderSupervisorOptions,
  'spawn' | 'clock' | 'logger'
> {
  spawn: SpawnReader;
  clock: Clock;
  sale: NfcSalePort;
  logger?: Logger;
}

export interface NfcHost {
  readonly reader: ReaderSupervisor;
  readonly bridge: NfcPaymentBridge;
  start(): void;
  stop(): Promise<StopOutcome>;
}

export function createNfcHost(options: NfcHostOptions): NfcHost {
  const { sale, ...supervisorOptions } = options;
  const reader = new ReaderSupervisor(supervisorOptions);
  const bridge = connectNfcPaymentBridge({
    reader,
    sale,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  return {
    reader,
    bridge,
    start: () => reader.start(),
    async stop() {
      const outcome = await reader.stop();
      await bridge.idle();
      bridge.dispose();
      return outcome;
    },
  };
}

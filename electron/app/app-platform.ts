import type { OrderJournal } from '../journal/order-journal';
import type { StaffService } from '../staff/staff-service';
import type { Writable } from 'node:stream';
import type { Clock } from '../../shared/clock';
import type { Calls, Events } from '../../shared/ipc/contract';
import type { CallHandlers } from '../../shared/ipc/contract-kit';
import type { CsvExportResult, DisplaysView } from '../../shared/ipc/views';
import type { UpdateStatus } from '../../shared/update-status';
import type { PlatformPrinting } from '../printing/platform-printing';
import type { Logger } from '../logging/logger';
import type { ProxyResolver } from '../network/proxy-resolver';
import type { RateBook } from '../rates/rate-book';
import type { NfcHost } from '../nfc-host/nfc-host';
import type { SpawnReader } from '../nfc-host/reader-channel';
import type { SaleService } from '../sale/sale-service';
import type { SecretStore } from '../settings/secret-store';
import type { SettingsService } from '../settings/settings-service';
import type { ServiceConnection } from '../connection/service-connection';

/** What differs between the Electron app and the browser harness; everything else is built here. */
export interface AppPlatform {
  dataDir: string;
  clock: Clock;
  logger: Logger;
  settings: SettingsService;
  secrets: SecretStore;
  version: string;
  fetch?: typeof fetch;
  /** Saves an exported CSV where the cashier chooses (Electron: a save dialog). */
  saveCsv(
    suggestedName: string,
    write: (out: Writable) => Promise<number>,
  ): Promise<CsvExportResult>;
  /** The monitors and the customer display choice; absent where there are none (harness). */
  displays?: PlatformDisplays;
  /** How to start the NFC reader process; absent: NFC is reported as stopped. */
  spawnReader?: SpawnReader;
  /** Electron's session.defaultSession.resolveProxy (OS proxy settings and PAC); absent: direct. */
  resolveProxy?: ProxyResolver;
  /** The updater's status (electron/update); absent: updates are off (the harness). */
  updates?: PlatformUpdates;
  /** Printing through the OS (electron/main/printing); absent: no OS printer, no PDF. */
  printing?: PlatformPrinting;
}

interface PlatformUpdates {
  status(): UpdateStatus;
  onChange(listener: (status: UpdateStatus) => void): () => void;
}

export interface PlatformDisplays {
  view(): DisplaysView;
  onChange(listener: (view: DisplaysView) => void): () => void;
  identify(): void;
}

export interface AppServices {
  handlers: CallHandlers<Calls>;
  /** The latest value of each event, for a page that subscribes after it was sent. */
  latest<Name extends keyof Events & string>(name: Name): unknown;
  sale: SaleService;
  nfc: NfcHost | null;
  connection: ServiceConnection;
  /** Where prices in money come from (tests wait for its provider with `ready()`). */
  rates: RateBook;
  /** The order journal, read by tests and the harness (the pages go through the calls). */
  journal: Pick<OrderJournal, 'get' | 'events'>;
  /** Who is at the till, and the audit trail (tests read it; the pages go through the calls). */
  staff: Pick<StaffService, 'session' | 'auditEvents'>;
  /**
   * The cashier page is loading: main starts loading what its start screen asks for first
   * (the chain list), so the answer is on its way or ready when the page asks. The Electron
   * app calls it once its services are up (the window loads meanwhile); the harness when a
   * cashier page opens its event stream. Resolves once that has loaded or failed (never
   * rejects; a page that asks meanwhile waits for it or gets its failure).
   */
  cashierPageLoading(): Promise<void>;
  /**
   * Settles once main's sale path was warmed up after start (a sale that never leaves main,
   * sale-warm-up.ts), or that failed (logged) or was stopped; never rejects.
   */
  saleWarmedUp: Promise<void>;
  close(): Promise<void>;
}

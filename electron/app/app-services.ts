import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { Clock } from '../../shared/clock';
import type { Calls, Events } from '../../shared/ipc/contract';
import type { CallHandlers, EventSink } from '../../shared/ipc/contract-kit';
import type { CsvExportResult, CustomerView, DisplaysView } from '../../shared/ipc/views';
import type { NfcStatus } from '../../shared/nfc/nfc-status';
import type { SaleSnapshot } from '../../shared/sale/sale-snapshot';
import type { OrderRecord } from '../journal/order-record';
import { SqliteOrderJournal } from '../journal/sqlite-order-journal';
import { SqliteReportReader } from '../journal/sqlite-report-reader';
import type { Logger } from '../logging/logger';
import { createNfcHost, type NfcHost } from '../nfc-host/nfc-host';
import type { SpawnReader } from '../nfc-host/reader-channel';
import { exportPeriodCsv } from '../reports/csv-export';
import { localDateOf, periodOfDays } from '../reports/local-day';
import { searchOrders } from '../reports/order-search';
import { periodReport } from '../reports/period-report';
import { SaleService } from '../sale/sale-service';
import type { SecretStore } from '../settings/secret-store';
import type { SettingsService } from '../settings/settings-service';
import { CallRefusal } from './call-failure';
import { Catalogue } from './catalogue';
import { CountdownTicker } from './countdown-ticker';
import { CustomerViewPublisher } from './customer-view-publisher';
import { LogoFetcher } from './logo-fetcher';
import { orderSummaryOf } from './order-summary';
import { ServiceConnection } from './service-connection';
import { connectionTest } from './connection-test';

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
  displays?: {
    view(): DisplaysView;
    onChange(listener: (view: DisplaysView) => void): () => void;
    identify(): void;
  };
  /** How to start the NFC reader process; absent: NFC is reported as stopped. */
  spawnReader?: SpawnReader;
}

export interface AppServices {
  handlers: CallHandlers<Calls>;
  /** The latest value of each event, for a page that subscribes after it was sent. */
  latest<Name extends keyof Events & string>(name: Name): unknown;
  sale: SaleService;
  nfc: NfcHost | null;
  connection: ServiceConnection;
  close(): Promise<void>;
}

const HISTORY_LIMIT = 1000;
const noDisplays: DisplaysView = {
  displays: [],
  cashierDisplayId: 0,
  choice: { kind: 'off', reason: 'no-displays' },
};

/**
 * Builds the till's services from a platform and returns the contract's handlers. Both
 * electron/main/index.ts and the test harness call this, so the pages talk to exactly the
 * same services in the app and in end-to-end tests.
 */
export async function createAppServices(
  platform: AppPlatform,
  emit: EventSink<Events>,
): Promise<AppServices> {
  const { clock, logger, settings, secrets } = platform;
  const values = () => settings.current().values;
  const latestValues = new Map<string, unknown>();
  const send: EventSink<Events> = (name, payload) => {
    latestValues.set(name, payload);
    emit(name, payload);
  };

  const connection = new ServiceConnection({
    clock,
    logger,
    secrets,
    settings: values,
    ...(platform.fetch ? { fetch: platform.fetch } : {}),
  });
  await connection.refresh();
  const logos = new LogoFetcher(clock, logger, platform.fetch);
  const catalogue = new Catalogue(() => connection.client(), logos);

  const journalPath = join(platform.dataDir, 'journal.sqlite');
  const journal = new SqliteOrderJournal({ path: journalPath, clock });
  const reports = new SqliteReportReader(journalPath);
  const sale = new SaleService({
    journal,
    clock,
    logger,
    client: {
      createPaymentLink: (request, asset) => connection.client().createPaymentLink(request, asset),
      submitNfcPayment: (request) => connection.client().submitNfcPayment(request),
    },
    terms: () => {
      const current = values();
      const demo = connection.mode().kind === 'demo';
      return {
        serialNumber: current.serialNumber || (demo ? 'DEMO-TILL' : ''),
        currency: current.currency,
        feeValue: current.feeValue,
      };
    },
  });

  const ticker = new CountdownTicker(clock, (nowMs) => send('clock-tick', { nowMs }));
  const customer = new CustomerViewPublisher(
    clock,
    () => values().shopName,
    (snapshot) => catalogue.logosFor(snapshot.chainId, snapshot.asset),
    (view: CustomerView) => send('customer-view', view),
  );
  send('customer-view', customer.current());
  // The customer's screen is told first (after the tick its countdown starts from): the
  // customer is the one waiting to scan, and both pages share the till's two cores.
  const saleChanged = (snapshot: SaleSnapshot | null) => {
    const counting =
      snapshot && !snapshot.terminal && snapshot.expiry?.kind === 'known'
        ? snapshot.expiry.atMs
        : null;
    ticker.runUntil(counting);
    void customer.saleChanged(snapshot);
    send('sale-changed', snapshot);
  };
  sale.onChange(saleChanged);
  saleChanged(await sale.recover());

  let nfc: NfcHost | null = null;
  const stoppedNfc: NfcStatus = {
    state: 'stopped',
    readers: [],
    card: 'none',
    lastError: 'No NFC reader support in this run.',
    restarts: 0,
  };
  if (platform.spawnReader) {
    nfc = createNfcHost({ spawn: platform.spawnReader, clock, logger, sale, aid: values().nfcAid });
    nfc.reader.onStatus((status) => send('nfc-status', status));
    nfc.start();
  }
  send('nfc-status', nfc ? nfc.reader.status() : stoppedNfc);

  platform.displays?.onChange((view) => send('displays-changed', view));
  settings.onChange((effective) => {
    send('settings-changed', effective);
    customer.refresh();
    nfc?.reader.configure(effective.values.nfcAid);
    void connection.refresh().then(() => catalogue.reset());
  });
  send('settings-changed', settings.current());

  const period = (args: { fromDate: string; toDate: string }) => {
    if (args.fromDate > args.toDate)
      throw new CallRefusal('invalid-period', 'The start date is after the end date.');
    return periodOfDays(args.fromDate, args.toDate, values().reportTimeZone);
  };
  const settingsResult = (result: ReturnType<SettingsService['update']>) => {
    if (!result.ok)
      throw new CallRefusal(`settings-${result.error.kind}`, result.error.problems.join(' '));
    return result.settings;
  };

  const handlers: CallHandlers<Calls> = {
    appInfo: async () => {
      const mode = connection.mode();
      return {
        version: platform.version,
        demoMode: mode.kind === 'demo',
        needsSetup: mode.kind === 'needs-setup',
        serviceOrigin: mode.kind === 'needs-setup' ? null : new URL(mode.baseUrl).origin,
        token: mode.kind === 'demo' ? { set: true } : secrets.status(),
      };
    },
    listChains: () => catalogue.listChains(),
    listAssets: ({ chainId }) => catalogue.listAssets(chainId),

    currentSale: async () => sale.current(),
    startQrSale: async ({ amount, chainId, asset }) => {
      const resolved = await catalogue.resolve(chainId, asset);
      return sale.startQrSale({ amount, chain: resolved.chain, asset: resolved.asset });
    },
    startNfcSale: async ({ amount, chainId, asset }) => {
      const resolved = chainId && asset ? await catalogue.resolve(chainId, asset) : undefined;
      return sale.startNfcSale({ amount, ...(resolved ? { asset: resolved.asset } : {}) });
    },
    acceptLinkAmount: () => sale.acceptLinkAmount(),
    confirmPaidByCashier: () => sale.confirmPaidByCashier(),
    cancelSale: () => sale.cancel(),
    retrySameOrder: () => sale.retrySameOrder(),
    voidOrder: () => sale.voidOrder(),
    newLinkForExpired: () => sale.newLinkForExpired(),
    finishSale: async () => {
      sale.clear();
      return null;
    },

    listOrders: async (args) => {
      const { fromMs, toMs } = period(args);
      // The period may hold a year of orders: keep only the newest HISTORY_LIMIT while streaming.
      const newest: OrderRecord[] = [];
      for (const record of reports.ordersBetween(fromMs, toMs)) {
        newest.push(record);
        if (newest.length > HISTORY_LIMIT) newest.shift();
      }
      return newest.reverse().map(orderSummaryOf);
    },
    searchOrders: async ({ query }) => searchOrders(reports, query).map(orderSummaryOf),
    report: async (args) => periodReport(reports, period(args)),
    todayDate: async () => localDateOf(clock.now(), values().reportTimeZone),
    exportCsv: async (args) => {
      const chosen = period(args);
      const name =
        chosen.fromDate === chosen.toDate
          ? `orders-${chosen.fromDate}.csv`
          : `orders-${chosen.fromDate}-to-${chosen.toDate}.csv`;
      return platform.saveCsv(name, (out) => exportPeriodCsv(reports, chosen, out));
    },

    getSettings: async () => settings.current(),
    updateSettings: async ({ patch }) => settingsResult(settings.update(patch)),
    resetSettings: async ({ keys }) => settingsResult(settings.reset(keys)),
    tokenStatus: async () => secrets.status(),
    setToken: async ({ token }) => {
      const saved = secrets.save(token);
      if (!saved.ok) throw new CallRefusal(`token-${saved.error.kind}`, saved.error.message);
      await connection.refresh();
      catalogue.reset();
      return saved.status;
    },
    clearToken: async () => {
      secrets.clear();
      await connection.refresh();
      return secrets.status();
    },
    testConnection: ({ baseUrl, token }) => connectionTest(connection, baseUrl, token),

    nfcStatus: async () => (nfc ? nfc.reader.status() : stoppedNfc),
    listDisplays: async () => platform.displays?.view() ?? noDisplays,
    identifyDisplays: async () => {
      platform.displays?.identify();
      return null;
    },
  };

  return {
    handlers,
    latest: (name) => latestValues.get(name),
    sale,
    nfc,
    connection,
    async close() {
      ticker.stop();
      await nfc?.stop();
      await connection.close();
      journal.close();
      reports.close();
    },
  };
}

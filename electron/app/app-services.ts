import { join } from 'node:path';
import type { Calls, Events } from '../../shared/ipc/contract';
import type { CallHandlers, EventSink } from '../../shared/ipc/contract-kit';
import { SqliteOrderJournal } from '../journal/sqlite-order-journal';
import { SqliteReportReader } from '../journal/sqlite-report-reader';
import type { AppPlatform, AppServices } from './app-platform';
import { Catalogue } from '../catalogue/catalogue';
import { CatalogueStore } from '../journal/catalogue-store';
import { catalogueKeyOf } from '../catalogue/catalogue-key';
import { deviceHandlers } from './device-handlers';
import { diagnosticsHandlers } from './diagnostics-handlers';
import type { DiagnosticsPlatform } from '../diagnostics/diagnostics-platform';
import { pageSettings } from '../diagnostics/settings-allow-list';
import { createEventFanOut } from '../events/event-fan-out';
import { auditHandlers, journalHandlers } from './journal-handlers';
import { orderHandlers } from './order-handlers';
import { reportOsTrustTo } from '../network/os-certificates';
import { routeServiceRequests } from '../service-client/node-http-exchange';
import { LogoFetcher } from '../catalogue/logo-fetcher';
import { ServiceHealthMonitor } from '../connection/service-health-monitor';
import { StaffService } from '../staff/staff-service';
import { AuditTrail } from '../staff/audit-trail';
import { AuditChainWatch } from '../staff/audit-chain-watch';
import { AuditChainEndFile } from '../staff/audit-chain-end-file';
import { auditExports } from './export-audit';
import { SettingsAudit } from '../staff/settings-audit';
import { guardCalls } from './staff-guard';
import { StaffNames } from '../staff/staff-names';
import { ShiftService } from '../shifts/shift-service';
import { shiftHandlers } from './shift-handlers';
import { staffHandlers } from './staff-handlers';
import { wireNfc } from '../nfc-host/nfc-wiring';
import { requireShiftToSell } from '../shifts/shift-for-sale';
import { learnAcceptedLinkRates } from '../rates/accepted-link-rates';
import { RateBook } from '../rates/rate-book';
import { saleHandlers } from './sale-handlers';
import { wireSale } from './sale-wiring';
import { ServiceConnection } from '../connection/service-connection';
import { serviceHandlers } from './service-handlers';
import { settingsHandlers } from './settings-handlers';
import { warmUpSalePath } from '../warm-up/sale-warm-up';
import { reactToSettings } from './settings-reactions';
import { ReceiptPrinting } from '../printing/receipt-printing';
import { receiptHandlers, shiftReportPrintHandlers } from './print-handlers';
import {
  receiptPrinterChooser,
  type NetworkPrinterFactory,
} from '../printing/receipt-printer-choice';

export type { AppPlatform, AppServices } from './app-platform';

/**
 * Builds the till's services from a platform and returns the contract's handlers. Both
 * electron/main/index.ts and the test harness call this, so the pages talk to exactly the
 * same services in the app and in end-to-end tests. This file only composes: each concern
 * lives in its own file (see README.md).
 */
export async function createAppServices(
  platform: AppPlatform & DiagnosticsPlatform,
  emit: EventSink<Events>,
  /** The ESC/POS network printer, when this build has one (receipt-printer-choice.ts). */
  networkPrinter?: NetworkPrinterFactory,
): Promise<AppServices> {
  const { clock, logger, settings, secrets } = platform;
  // TLS trusts the OS store too, from just before the first TLS connection on (each TLS
  // path asks for it: ../network/os-certificates.ts), logged when it happens; requests
  // follow the OS proxy settings, before any request leaves (the sandbox check included).
  reportOsTrustTo((trust) => logger.info('certificates', { ...trust }));
  routeServiceRequests(platform.resolveProxy ?? null, clock);
  const values = () => settings.current().values;
  const events = createEventFanOut(emit);
  const { send } = events;

  const health = new ServiceHealthMonitor((view) => send('service-health', view));
  const connection = new ServiceConnection({
    clock,
    logger,
    secrets,
    settings: values,
    onExchange: (report) => health.record(report),
    onModeChanged: () => health.reset(),
    ...(platform.fetch ? { fetch: platform.fetch } : {}),
  });
  await connection.refresh();
  const logos = new LogoFetcher(clock, logger, {
    isDemo: () => connection.mode().kind === 'demo',
    ...(platform.resolveProxy ? { resolveProxy: platform.resolveProxy } : {}),
  });
  // Prices in the shop's currency: IT's rate sources; in demo mode the sandbox's own rates.
  const rates = new RateBook({
    clock,
    logger,
    settings: values,
    defaultProviderUrl: () => {
      const mode = connection.mode();
      return mode.kind === 'demo' ? new URL('/rates', mode.baseUrl).href : undefined;
    },
    ...(platform.fetch ? { fetch: platform.fetch } : {}),
  });
  rates.start();

  const journalPath = join(platform.dataDir, 'journal.sqlite');
  const journal = new SqliteOrderJournal({ path: journalPath, clock });
  const reports = new SqliteReportReader(journalPath);
  const catalogue = new Catalogue({
    client: () => connection.client(),
    serviceKey: () => catalogueKeyOf(connection.mode()),
    logos,
    store: new CatalogueStore(journal.db, clock),
    logger,
    clock,
    logoAllowed: (url) => {
      const sandbox = connection.mode().kind === 'demo' ? connection.demoSandbox() : null;
      return !sandbox || url.startsWith(`${sandbox.origin}/`);
    },
  });
  // The saved catalogue read and checked in the background now, before a page asks for it.
  void catalogue.savedChains().catch(() => undefined);
  // The audit trail's hash chain checked before anything is added to it: a break is logged
  // and shown to a manager. From here on each settings change is audited too.
  // Its end is also recorded outside the journal file, once the journal made it durable.
  const auditTrail = new AuditTrail(journal.db, clock);
  const auditChain = new AuditChainWatch(auditTrail, clock, logger, {
    file: new AuditChainEndFile(join(platform.dataDir, 'audit-chain-head.json'), logger),
    durable: () => journal.checkpoint(),
  });
  auditChain.check();
  const audit = auditTrail.append.bind(auditTrail);
  const settingsAudit = new SettingsAudit(settings, audit);
  // Who is at the till: PINs, roles and the audit trail live in the journal's file.
  const staff = new StaffService({
    db: journal.db,
    trail: auditTrail,
    clock,
    settings: values,
    logger,
  });
  staff.onChange((session) => send('staff-session', session));
  const staffNames = new StaffNames(journal.db);
  const shifts = new ShiftService({
    db: journal.db,
    clock,
    serialNumber: () => values().serialNumber,
    staffName: (staffId) => staffNames.nameOf(staffId),
    logger,
  });
  const shiftChanged = () => send('shift-changed', shifts.current());
  shiftChanged();
  send('staff-session', staff.session());
  const { sale, customer, ticker } = await wireSale({
    clock,
    logger,
    journal,
    connection,
    catalogue,
    settings: values,
    send,
    downloadLogo: (url) => logos.dataUrl(url),
    actor: () => staff.actor()?.staffId ?? null,
    // Asked as the order is journaled: a shift closed while the sale was starting (its
    // catalogue still on its way) leaves no order without a shift where one is required.
    shiftId: () => {
      const shiftId = shifts.openShiftId();
      requireShiftToSell(values(), shiftId);
      return shiftId;
    },
  });

  // A link's rate_usd the shop accepted is a rate source of its own ('last-link').
  sale.onChange(learnAcceptedLinkRates(rates, () => clock.now()));

  // Receipts: printed after the journal has the payment, never awaited by the sale.
  const { printing } = platform;
  const receipts = new ReceiptPrinting({
    clock,
    logger,
    settings: values,
    order: (orderId) => journal.get(orderId),
    staffName: (staffId) => staffNames.nameOf(staffId),
    events: (orderId) => journal.events(orderId),
    printerFor: receiptPrinterChooser(printing, networkPrinter),
    ...(printing
      ? { savePdf: (document, paper, name) => printing.savePdf(document, paper, name) }
      : {}),
    onStatus: (status) => send('receipt-status', status),
  });
  sale.onChange((snapshot) => receipts.saleChanged(snapshot));
  // Paid after all or voided from the history: its receipt or void slip in 'automatic' mode.
  sale.onOffScreenChange((record) => receipts.historyChanged(record.orderId));

  const reportPrints = shiftReportPrintHandlers({
    clock,
    shifts,
    receipts,
    settings: values,
    logger,
  });
  const shiftCalls = shiftHandlers({
    shifts,
    by: () => staff.actor()?.staffId ?? null,
    saveCsv: (name, write) => platform.saveCsv(name, write),
    changed: shiftChanged,
    audit: (action, fields) => staff.audit(action, fields),
    // The Z report a close makes here: its first print is the original, later ones REPRINT.
    closed: (zNumber) => reportPrints.closed(zNumber),
  });

  const nfc = wireNfc({
    spawnReader: platform.spawnReader,
    clock,
    // The reader process's own reports (PC/SC lost, read faults, exits) are logged here.
    logger: platform.loggerFor?.('nfc') ?? logger,
    sale,
    aid: values().nfcAid,
    readDeadlineMs: values().nfcReadDeadlineMs,
    send,
  });

  platform.displays?.onChange((view) => send('displays-changed', view));
  platform.updates?.onChange((status) => send('update-status', status));
  const stopReacting = reactToSettings({
    settings,
    send,
    logger,
    connection,
    customer,
    nfc: nfc.host,
    staff,
  });
  send('settings-changed', pageSettings(settings.current()));

  const handlers: CallHandlers<Calls> = guardCalls(
    auditExports(
      {
        ...serviceHandlers({
          version: platform.version,
          connection,
          catalogue,
          updateStatus: () => platform.updates?.status() ?? { kind: 'off' },
        }),
        ...saleHandlers({
          sale,
          catalogue,
          rates,
          settings: values,
          clock,
          audit,
          orderState: (orderId) => journal.get(orderId)?.state ?? null,
        }),
        ...journalHandlers({
          clock,
          reports,
          reportTimeZone: () => values().reportTimeZone,
          saveCsv: (name, write) => platform.saveCsv(name, write),
          staffName: (staffId) => staffNames.nameOf(staffId),
        }),
        ...orderHandlers({
          reports,
          sale,
          reportTimeZone: () => values().reportTimeZone,
          staffName: (staffId) => staffNames.nameOf(staffId),
          audit: (action, fields) => staff.audit(action, fields),
        }),
        ...settingsHandlers({ settings, secrets, connection, clock, logger, audit: settingsAudit }),
        ...deviceHandlers({ nfcStatus: nfc.status, displays: platform.displays }),
        ...diagnosticsHandlers({
          clock,
          version: platform.version,
          platform,
          settings,
          secrets,
          displays: platform.displays,
          nfcStatus: nfc.status,
          journalPath,
          logger,
        }),
        ...staffHandlers(staff),
        ...receiptHandlers({
          receipts,
          ...(printing ? { listPrinters: () => printing.listPrinters() } : {}),
          by: () => staff.actor()?.staffId ?? null,
          logger,
        }),
        ...shiftCalls,
        ...reportPrints.handlers,
        ...auditHandlers({
          trail: auditTrail,
          chain: auditChain,
          staffName: (staffId) => staffNames.nameOf(staffId),
          reportTimeZone: () => values().reportTimeZone,
          saveCsv: (name, write) => platform.saveCsv(name, write),
        }),
      },
      audit,
    ),
    staff,
  );

  // Once up, behind the start and idle screens: a sale that never leaves main compiles the
  // sale's code, so the first "Show QR" is as quick as later ones (sale-warm-up.ts).
  const saleWarmUp = warmUpSalePath({
    clock,
    logger,
    serviceTimeZone: () => values().serviceTimeZone,
  });

  return {
    handlers,
    latest: events.latest,
    sale,
    nfc: nfc.host,
    connection,
    rates,
    journal,
    staff,
    cashierPageLoading: () => catalogue.loadChainsAhead(),
    saleWarmedUp: saleWarmUp.done,
    async close() {
      saleWarmUp.stop();
      stopReacting();
      settingsAudit.stop();
      ticker.stop();
      rates.stop();
      staff.stop();
      // The order a clean quit needs: the reader process first (no tap may arrive after
      // the sale stops), the sale's timers, then the report reader, so the journal's close can checkpoint the
      // whole write-ahead log into one file, and the sandbox last.
      await nfc.host?.stop();
      sale.stop();
      reports.close();
      // The chain's end recorded as the journal closes on it (no reader holds the WAL now).
      auditChain.seal();
      journal.close();
      await connection.close();
    },
  };
}

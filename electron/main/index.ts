// Composition root (docs/architecture.md: Where each kind of code goes): index.ts wires,
// nothing else. Builds the real adapters, hands them to the same createAppServices the test
// harness uses, opens the windows, and leaves quitting to the quit sequence.
import { app, dialog, ipcMain, powerMonitor, session, type BrowserWindow } from 'electron';
import { createWriteStream, existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { systemClock } from '../../shared/clock';
import type { AppServices } from '../app/app-services';
import { createStartGate } from '../app/start-gate';
import { createFileLog } from '../logging/file-log';
import { createJsonLinesLogger, teeLines, writeToStdio } from '../logging/logger';
import { installAboutPanel } from './about-panel';
import { registerAppScheme, serveAppScheme } from './app-protocol';
import { CustomerDisplayController } from './customer-display/customer-display-controller';
import { registerIpc } from './ipc-registration';
import { askQuitDuringSale } from './lifecycle/quit-confirmation';
import { installQuitSequence } from './lifecycle/quit-sequence';
import { watchWindowsLoad } from './page-load-watch';
import { markPageHtml } from './page-marks';
import { APP_ORIGIN } from './page-request';
import { buildContentSecurityPolicy } from './security/content-security-policy';
import { isTrustedIpcEvent } from './security/ipc-sender';
import { installSecurityHooks, installSessionSecurity } from './security/security-hooks';
import { openShellSettings } from './storage/open-settings';
import { refreshPolicy } from '../settings/policy-refresh';
import { updateFeedOf } from '../update/update-feed';
import { createUpdateService } from '../update/update-service';
import { electronWindowStateSlot } from './storage/window-state-store';
import { utilityReaderChannel } from './utility-reader-channel';
import { openCashierWindow } from './windows/cashier-window';
import { appLocationOf, createWindowFactory, type PageSource } from './windows/window-factory';
import { WindowRegistry } from './windows/window-registry';

const mainDir = import.meta.dirname;
// Every part of the till logs the same redacted JSON lines to stdout and to the rotating
// file in the app's log folder (electron/logging/README.md: Logs and diagnostics).
const fileLog = createFileLog({ logDir: app.getPath('logs') });
const writeLine = teeLines(writeToStdio, fileLog.write);
const loggerFor = (scope: string) => createJsonLinesLogger({ scope, write: writeLine });
const logger = loggerFor('main');
const services = createStartGate<AppServices>(systemClock);
let cashierWindow: BrowserWindow | undefined;
let displays: CustomerDisplayController | undefined;

async function start(): Promise<void> {
  const devServer = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
  const pages: PageSource = devServer
    ? { kind: 'origin', origin: devServer }
    : { kind: 'origin', origin: APP_ORIGIN };
  const location = appLocationOf(pages);
  const registry = new WindowRegistry();
  // The hidden receipt pages are ours too, but never IPC senders: a registry of their own.
  const printPages = new WindowRegistry();
  installSecurityHooks({
    app: location,
    isOurWebContents: (id) => registry.has(id) || printPages.has(id),
    allowDevTools: !app.isPackaged,
    logger,
  });
  installSessionSecurity(
    session.defaultSession,
    devServer ? { devServerOrigin: devServer } : {},
    logger,
  );
  const shell = openShellSettings({ logger });
  // The services' code loads once the windows opened have their files (page-load-watch.ts).
  const windowsLoad = watchWindowsLoad(systemClock);
  serveAppScheme(
    join(mainDir, '../renderer'),
    () => buildContentSecurityPolicy({}),
    windowsLoad.served,
    // The pages' start screens, from the settings: the cashier's takes the first amount when
    // it opens at the sale, the display's shows the shop.
    (path, html) => markPageHtml(path, html, shell.settings.current().values),
  );
  quit.watchSystemShutdown(powerMonitor);
  installAboutPanel(app);

  const factory = createWindowFactory({
    preloadDir: join(mainDir, '../preload'),
    pages,
    isPackaged: app.isPackaged,
    registry,
    onOpen: windowsLoad.expect,
  });
  // IPC exists before any page loads; a call made while the services start waits for them.
  const wiring = registerIpc({
    ipcMain,
    services,
    isTrusted: (event) => isTrustedIpcEvent(event, registry, location),
    logger,
  });
  const cashier = openCashierWindow({
    factory,
    slot: electronWindowStateSlot(),
    clock: systemClock,
    logger,
  });
  cashierWindow = cashier;
  quit.guard(cashier);
  wiring.registerPage(cashier.webContents, 'cashier');
  const controller = new CustomerDisplayController({
    openWindow: (look) => {
      const window = factory.open('display', look);
      wiring.registerPage(window.webContents, 'display');
      return window;
    },
    cashierWindow: () => (cashier.isDestroyed() ? undefined : cashier),
    setting: () => shell.settings.current().values.customerDisplay,
    isQuitting: () => quit.isQuitting(),
    logger,
  });
  displays = controller;
  // The customer display opens with the cashier window, not once the services are up: its
  // page shows the shop's idle screen from its HTML (display-start-mark.ts) while they start,
  // and its first view comes from them.
  controller.start();
  // Only the display setting moves the customer's window; a picker tap must not re-fit it.
  // Quitting has destroyed the window for good.
  shell.settings.onChange((_settings, changed) => {
    if (changed.has('customerDisplay') && !quit.isQuitting()) controller.refresh();
  });

  // IT's policy, read again every minute: a GPO or MDM change applies without a restart.
  refreshPolicy({
    settings: shell.settings,
    initial: shell.policy,
    load: shell.readPolicy,
    clock: systemClock,
    logger,
  });
  const updateLogger = loggerFor('update');
  const updates = createUpdateService({
    feed: updateFeedOf(shell.settings.current().values),
    // electron-updater loads only when IT names a feed, after the windows are open.
    createUpdater: async () => (await import('./updater')).osUpdater(updateLogger),
    clock: systemClock,
    logger: updateLogger,
  });

  // The services' code (journal, sale, sandbox, printing, ...) loads once the windows are
  // open and have their files: the page's scripts run meanwhile, and its calls
  // wait for the services (start-gate.ts). From the dev server, main serves no files. The
  // OS printing (receipt pages, their QR encoder) is the services' too: it loads with them.
  if (!devServer) await windowsLoad.loaded;
  const [
    { createAppServices },
    { createNetworkPrinter },
    { createOsPrinting },
    { createCupsSpooler, cupsServerOf },
  ] = await Promise.all([
    import('../app/app-services'),
    import('../printing/escpos/network-printer'),
    import('./printing/os-printer'),
    import('../printing/cups-spooler'),
  ]);
  // The OS's print queue, asked whether each job completed (CUPS; none on Windows).
  const cupsServer = cupsServerOf(process.env, process.platform, existsSync);
  const osPrinting = createOsPrinting({
    register: (contents) => printPages.add(contents),
    listingContents: () => (cashier.isDestroyed() ? undefined : cashier.webContents),
    ...(cupsServer ? { spooler: createCupsSpooler(cupsServer) } : {}),
    clock: systemClock,
    logger: loggerFor('printing'),
  });
  const started = await createAppServices(
    {
      dataDir: app.getPath('userData'),
      clock: systemClock,
      logger,
      // The OS proxy settings and PAC, as Chromium applies them.
      resolveProxy: (url) => session.defaultSession.resolveProxy(url),
      updates,
      settings: shell.settings,
      secrets: shell.secrets,
      version: app.getVersion(),
      spawnReader: () => utilityReaderChannel(mainDir),
      saveCsv: async (suggestedName, write) => {
        const choice = await dialog.showSaveDialog(cashier, {
          defaultPath: join(app.getPath('documents'), suggestedName),
          filters: [{ name: 'CSV', extensions: ['csv'] }],
        });
        if (choice.canceled || !choice.filePath) return { saved: false };
        const out = createWriteStream(choice.filePath);
        const rows = await write(out);
        out.end();
        await finished(out);
        return {
          saved: true,
          fileName: choice.filePath.split(/[\\/]/).pop() ?? suggestedName,
          rows,
        };
      },
      logs: { dir: fileLog.logDir, keep: fileLog.keep },
      loggerFor,
      saveDiagnostics: async (suggestedName, bytes) => {
        const choice = await dialog.showSaveDialog(cashier, {
          defaultPath: join(app.getPath('documents'), suggestedName),
          filters: [{ name: 'Zip', extensions: ['zip'] }],
        });
        if (choice.canceled || !choice.filePath) return { saved: false };
        await writeFile(choice.filePath, bytes);
        return { saved: true, fileName: choice.filePath.split(/[\\/]/).pop() ?? suggestedName };
      },
      printing: {
        listPrinters: () => osPrinting.listPrinters(),
        osPrinter: (target) => osPrinting.osPrinter(target),
        savePdf: async (document, paper, suggestedName) => {
          const choice = await dialog.showSaveDialog(cashier, {
            defaultPath: join(app.getPath('documents'), suggestedName),
            filters: [{ name: 'PDF', extensions: ['pdf'] }],
          });
          if (choice.canceled || !choice.filePath) return { saved: false };
          await writeFile(choice.filePath, await osPrinting.printToPdf(document, paper));
          return { saved: true, fileName: choice.filePath.split(/[\\/]/).pop() ?? suggestedName };
        },
      },
      displays: {
        view: () => controller.snapshot() ?? controller.refresh(),
        onChange: (listener) => controller.onChange(listener),
        identify: () => {
          const snapshot = controller.snapshot();
          const chosen = snapshot?.choice.kind === 'off' ? undefined : snapshot?.choice.displayId;
          const index = snapshot?.displays.findIndex((display) => display.id === chosen) ?? -1;
          wiring.emit('identify-display', {
            label: index >= 0 ? `Customer display: monitor ${index + 1}` : 'No customer display',
          });
        },
      },
    },
    (name, payload) => wiring.emit(name, payload),
    // The ESC/POS printer on the shop's network: plain Node sockets, built once per address.
    (target) =>
      createNetworkPrinter({ ...target, clock: systemClock, logger: loggerFor('printing') }),
  );
  services.open(started);
  // A quit asked for while starting: nothing more starts.
  if (quit.isQuitting()) return;
  // The cashier window has been loading meanwhile: its chain list is asked of the service now.
  void started.cashierPageLoading();
  updates.start();
}

function failedToStart(error: unknown): void {
  services.fail();
  logger.error('start failed', { error: error instanceof Error ? error.message : String(error) });
  dialog.showErrorBox(
    'Counter could not start',
    'The till could not start. Restart it; if this happens again, call IT.',
  );
  app.releaseSingleInstanceLock();
  app.exit(1);
}

let startup: Promise<void> = Promise.resolve();
const quit = installQuitSequence({
  services: () => services.current(),
  startup: () => startup,
  cashierWindow: () => cashierWindow,
  closeDisplays: () => displays?.stop(),
  confirmQuitDuringSale: (sale) => askQuitDuringSale(cashierWindow, sale),
  clock: systemClock,
  logger,
});

// A second launch focuses the first till window instead of opening another till.
if (!app.requestSingleInstanceLock()) {
  app.exit(0);
} else {
  registerAppScheme();
  app.on('second-instance', () => {
    if (!cashierWindow || cashierWindow.isDestroyed()) return;
    if (cashierWindow.isMinimized()) cashierWindow.restore();
    cashierWindow.focus();
  });
  startup = app.whenReady().then(start).catch(failedToStart);
}

// Composition root (ARCHITECTURE: index.ts wires, nothing else). Builds the real adapters,
// hands them to the same createAppServices the test harness uses, opens the windows.
import { app, dialog, ipcMain, session, type BrowserWindow } from 'electron';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { systemClock } from '../../shared/clock';
import { createAppServices, type AppServices } from '../app/app-services';
import { createJsonLinesLogger } from '../logging/logger';
import { registerAppScheme, serveAppScheme } from './app-protocol';
import { CustomerDisplayController } from './customer-display/customer-display-controller';
import { registerIpc } from './ipc-registration';
import { APP_ORIGIN } from './page-request';
import { buildContentSecurityPolicy } from './security/content-security-policy';
import { isTrustedIpcEvent } from './security/ipc-sender';
import { installSecurityHooks, installSessionSecurity } from './security/security-hooks';
import { openShellSettings } from './storage/open-settings';
import { utilityReaderChannel } from './utility-reader-channel';
import { appLocationOf, createWindowFactory, type PageSource } from './windows/window-factory';
import { WindowRegistry } from './windows/window-registry';

const mainDir = import.meta.dirname;
const logger = createJsonLinesLogger({ scope: 'main' });
let quitting = false;
let services: AppServices | undefined;
let cashierWindow: BrowserWindow | undefined;

// A second launch focuses the first till window instead of opening another till.
if (!app.requestSingleInstanceLock()) app.exit(0);
registerAppScheme();

async function start(): Promise<void> {
  const devServer = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
  const pages: PageSource = devServer
    ? { kind: 'origin', origin: devServer }
    : { kind: 'origin', origin: APP_ORIGIN };
  const location = appLocationOf(pages);
  const registry = new WindowRegistry();
  installSecurityHooks({
    app: location,
    isOurWebContents: (id) => registry.has(id),
    allowDevTools: !app.isPackaged,
    logger,
  });
  installSessionSecurity(
    session.defaultSession,
    devServer ? { devServerOrigin: devServer } : {},
    logger,
  );
  serveAppScheme(join(mainDir, '../renderer'), () => buildContentSecurityPolicy({}));

  const shell = openShellSettings({ logger });
  const factory = createWindowFactory({
    preloadDir: join(mainDir, '../preload'),
    pages,
    isPackaged: app.isPackaged,
    registry,
  });
  // IPC exists before any page loads; calls wait for the services with a clear 'starting'.
  const wiring = registerIpc({
    ipcMain,
    services: () => services,
    isTrusted: (event) => isTrustedIpcEvent(event, registry, location),
    logger,
  });
  const cashier = factory.open('cashier', {
    width: 1280,
    height: 800,
    minWidth: 900,
    minHeight: 640,
    title: 'Counter',
  });
  cashierWindow = cashier;
  wiring.registerPage(cashier.webContents, 'cashier');
  const displays = new CustomerDisplayController({
    openWindow: (look) => {
      const window = factory.open('display', look);
      wiring.registerPage(window.webContents, 'display');
      return window;
    },
    cashierWindow: () => (cashier.isDestroyed() ? undefined : cashier),
    setting: () => shell.settings.current().values.customerDisplay,
    isQuitting: () => quitting,
    logger,
  });

  services = await createAppServices(
    {
      dataDir: app.getPath('userData'),
      clock: systemClock,
      logger,
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
      displays: {
        view: () => displays.snapshot() ?? displays.refresh(),
        onChange: (listener) => displays.onChange(listener),
        identify: () => {
          const snapshot = displays.snapshot();
          const chosen = snapshot?.choice.kind === 'off' ? undefined : snapshot?.choice.displayId;
          const index = snapshot?.displays.findIndex((display) => display.id === chosen) ?? -1;
          wiring.emit('identify-display', {
            label: index >= 0 ? `Customer display: monitor ${index + 1}` : 'No customer display',
          });
        },
      },
    },
    (name, payload) => wiring.emit(name, payload),
  );
  displays.start();
  shell.settings.onChange(() => displays.refresh());
  cashier.on('closed', () => app.quit());
}

app.on('second-instance', () => {
  if (!cashierWindow || cashierWindow.isDestroyed()) return;
  if (cashierWindow.isMinimized()) cashierWindow.restore();
  cashierWindow.focus();
});

app.on('before-quit', (event) => {
  if (quitting || !services) return;
  // Close the reader process, the sandbox and the journal before the process ends.
  event.preventDefault();
  quitting = true;
  void services.close().finally(() => app.quit());
});

void app
  .whenReady()
  .then(start)
  .catch((error: unknown) => {
    logger.error('start failed', { error: error instanceof Error ? error.message : String(error) });
    dialog.showErrorBox(
      'Counter could not start',
      'The till could not start. Restart it; if this happens again, call IT.',
    );
    app.exit(1);
  });

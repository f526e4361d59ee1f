import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { systemClock, type Clock } from '../../../shared/clock';
import type { Events } from '../../../shared/ipc/contract';
import type { EventSink } from '../../../shared/ipc/contract-kit';
import type { Settings } from '../../../shared/settings';
import type { PlatformDisplays } from '../../../electron/app/app-platform';
import type { AppServices } from '../../../electron/app/app-services';
import { createStartGate, startingAnswer } from '../../../electron/app/start-gate';
import { silentLogger, type Logger } from '../../../electron/logging/logger';
import { buildContentSecurityPolicy } from '../../../electron/main/security/content-security-policy';
import { watchWindowsLoad } from '../../../electron/main/page-load-watch';
import { CASHIER_PAGE, DISPLAY_PAGE } from '../../../electron/main/page-paths';
import { resolvePageRequest } from '../../../electron/main/page-request';
import { markPageHtml, type PageMarkSettings } from '../../../electron/main/page-marks';
import type { SpawnReader } from '../../../electron/nfc-host/reader-channel';
import type { SecretStore } from '../../../electron/settings/secret-store';
import type {
  ManagedPolicyLoad,
  SettingsService,
} from '../../../electron/settings/settings-service';
import type { HarnessPage } from './bridge-script';
import type * as HarnessServices from './harness-services';
import type { HarnessPrinting } from './harness-printing';

export interface HarnessOptions {
  clock?: Clock;
  logger?: Logger;
  /** Local settings to start with (the cashier's own layer). */
  settings?: Partial<Settings>;
  /** A managed policy as IT would place it, already loaded. */
  policy?: ManagedPolicyLoad;
  secrets?: SecretStore;
  spawnReader?: SpawnReader;
  /** Monitors as the OS reports them (the soak bench plugs and unplugs one); default none. */
  displays?: PlatformDisplays;
  /** Where the built pages are (npm run build); default out/renderer. */
  rendererDir?: string;
  port?: number;
  /** A data folder (the journal) to start from, as after a restart; kept on close. Default: a new one, removed on close. */
  dataDir?: string;
  /**
   * The OS printer spools to this CUPS scheduler's socket (a private cupsd) and waits for the
   * job to complete, as the app waits for its OS's print queue; default: it records each job.
   */
  cupsServer?: string;
  /** Sees every event main sends, in order, before the pages do. */
  onEvent?: (name: string, payload: unknown) => void;
  /**
   * Told the pages' addresses as soon as they are served, before the services are up (as the
   * app opens its windows while its services start); the pages' calls wait for the services.
   * The caller opens both pages, as the app opens both windows; as in the app, the services
   * then start once both pages have their start files (electron/main/page-load-watch.ts), or
   * 2 s on the clock.
   */
  onPagesServed?: (pages: { cashierUrl: string; displayUrl: string }) => void;
}

export interface Harness {
  origin: string;
  cashierUrl: string;
  displayUrl: string;
  services: AppServices;
  /** The settings service the services read (a test changes IT's policy through it). */
  settings: SettingsService;
  dataDir: string;
  /** Files the cashier "saved" with CSV export. */
  exportsDir: string;
  /** The receipts the till printed (each job's page is in exportsDir/prints), and saved PDFs. */
  printing: HarnessPrinting;
  /**
   * Sends one event to the pages that may hear it, through the transport main's events take
   * (onEvent sees it too): for what a test cannot make the services send, such as a tap's
   * answer ('nfc-tap') with no reader. Not kept as the event's latest value, so a page that
   * opens afterwards does not hear it.
   */
  send: EventSink<Events>;
  close(): Promise<void>;
}

const pageHeaders = (csp: string) => ({
  'content-security-policy': csp,
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
});

/**
 * A Node host for the real pages without Electron: the same services as
 * the app (createAppServices) with Node adapters, the built pages served over HTTP with the
 * production CSP (plus connect-src 'self' for this transport), and a test-only transport
 * that implements the contract: calls as POST /__pos/call/<name>, events as server-sent
 * events. Real Chromium drives the real pages against the real services through it.
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? silentLogger;
  const rendererDir = resolve(
    options.rendererDir ?? join(import.meta.dirname, '../../../out/renderer'),
  );
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'counter-harness-'));
  const exportsDir = join(dataDir, 'exports');
  const streams = new Set<{ page: HarnessPage; response: ServerResponse }>();
  // The services and the contract's names load once the pages are served (harness-services.ts).
  let heavy: typeof HarnessServices | undefined;
  const emit: EventSink<Events> = (name, payload) => {
    options.onEvent?.(name, payload);
    // Serialised once for every page that may see it (a customer view carries its logos).
    let frame: string | null = null;
    for (const stream of streams) {
      if (!heavy?.pageEvents[stream.page].has(name)) continue;
      frame ??= `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`;
      send(stream.response, frame);
    }
  };
  // Events main sends in one turn (a sale change: the countdown's tick, the customer view,
  // the cashier's snapshot) leave in one socket write per page, in order, at the end of the
  // turn: a loopback write costs the kernel's whole delivery, and the pages wait for it.
  const corked = new Set<ServerResponse>();
  const send = (response: ServerResponse, frame: string) => {
    if (!corked.has(response)) {
      corked.add(response);
      response.cork();
      process.nextTick(() => {
        corked.delete(response);
        response.uncork();
      });
    }
    response.write(frame);
  };
  const gate = createStartGate<AppServices>(clock);
  // Only when the pages open as it starts (onPagesServed): then the services wait for them.
  const windowsLoad = options.onPagesServed ? watchWindowsLoad(clock) : null;
  windowsLoad?.expect(CASHIER_PAGE);
  windowsLoad?.expect(DISPLAY_PAGE);
  const csp = buildContentSecurityPolicy({}).replace("connect-src 'none'", "connect-src 'self'");
  /**
   * The settings the pages' start screens follow (electron/main/page-marks.ts): the services'
   * once up; before, as the startup bench opens the pages, this harness's own over the
   * defaults of those that count (shared/settings.ts), without loading the settings' code
   * ahead of the pages.
   */
  const live: { settings?: SettingsService } = {};
  const pageMarkSettings = (): PageMarkSettings =>
    live.settings?.current().values ?? {
      staffPinsRequired: options.settings?.staffPinsRequired ?? false,
      serviceBaseUrl: options.settings?.serviceBaseUrl ?? '',
      demoModeAllowed: options.settings?.demoModeAllowed ?? true,
      shopName: options.settings?.shopName ?? '',
      shopLogo: options.settings?.shopLogo ?? '',
    };

  const server = createServer((request, response) => {
    void handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', origin);
    if (url.pathname === '/__pos/events') {
      const page = url.searchParams.get('page') === 'cashier' ? 'cashier' : 'display';
      response.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      });
      const services = await gate.whenUp();
      if (!services || response.destroyed) return void response.end();
      const stream = { page, response } as const;
      streams.add(stream);
      // The harness's moment for what the app does as its cashier window loads.
      if (page === 'cashier') void services.cashierPageLoading();
      for (const name of heavy!.pageEvents[page]) {
        const value = services.latest(name as keyof Events & string);
        if (value !== undefined)
          response.write(`event: ${name}\ndata: ${JSON.stringify(value)}\n\n`);
      }
      request.on('close', () => streams.delete(stream));
      return;
    }
    if (url.pathname.startsWith('/__pos/call/')) {
      // Only the cashier page of this harness may call: same origin, sent from /cashier/.
      const referer = request.headers.referer ?? '';
      if (
        request.method !== 'POST' ||
        request.headers.origin !== origin ||
        !referer.startsWith(`${origin}/cashier/`)
      ) {
        response.writeHead(403).end();
        return;
      }
      const body = await readBody(request);
      let args: unknown;
      try {
        args = JSON.parse(body || '{}');
      } catch {
        args = undefined;
      }
      const services = await gate.whenUp();
      const result = services
        ? await heavy!.dispatchCall(
            services.handlers,
            url.pathname.slice('/__pos/call/'.length),
            args,
            logger,
          )
        : startingAnswer;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
      return;
    }
    if (url.pathname === '/__pos/bridge.js') {
      // The preloads' stand-in: in the app, the renderer loads its preload itself.
      const { bridgeScript } = await bridgeLoading;
      const page = url.searchParams.get('page') === 'cashier' ? 'cashier' : 'display';
      response
        .writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', ...pageHeaders(csp) })
        .end(bridgeScript(page));
      windowsLoad?.served(url.pathname);
      return;
    }
    const resolved = resolvePageRequest(`app://pages${url.pathname}`, rendererDir);
    if (!resolved.ok) {
      response.writeHead(resolved.status).end();
      return;
    }
    let content: Buffer;
    try {
      content = readFileSync(resolved.filePath);
    } catch {
      response.writeHead(404).end();
      return;
    }
    if (resolved.contentType.startsWith('text/html')) {
      const page: HarnessPage = url.pathname.startsWith('/cashier/') ? 'cashier' : 'display';
      // As main serves it: the pages' start screens written from the settings.
      const html = markPageHtml(url.pathname, content.toString('utf8'), pageMarkSettings()).replace(
        '<head>',
        `<head>\n    <script src="/__pos/bridge.js?page=${page}"></script>`,
      );
      content = Buffer.from(html);
      windowsLoad?.served(url.pathname, html);
    } else {
      windowsLoad?.served(url.pathname);
    }
    response
      .writeHead(200, { 'content-type': resolved.contentType, ...pageHeaders(csp) })
      .end(content);
  }

  await new Promise<void>((ready) => server.listen(options.port ?? 0, '127.0.0.1', ready));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const cashierUrl = `${origin}${CASHIER_PAGE}`;
  const displayUrl = `${origin}${DISPLAY_PAGE}`;
  // Loaded after the server listens, the bridge on its own: the pages' first requests are
  // already on their way, and in the app no page waits for main to load its preload.
  const bridgeLoading = import('./bridge-script');
  if (options.onPagesServed && windowsLoad) {
    options.onPagesServed({ cashierUrl, displayUrl });
    await windowsLoad.loaded;
  }
  const loading = import('./harness-services');
  let started: Awaited<ReturnType<typeof HarnessServices.createHarnessServices>>;
  try {
    heavy = await loading;
    started = await heavy.createHarnessServices(options, {
      clock,
      logger,
      dataDir,
      exportsDir,
      emit,
    });
  } catch (error) {
    gate.fail();
    server.closeAllConnections();
    server.close();
    throw error;
  }
  const { services, settings, printing } = started;
  live.settings = settings;
  gate.open(services);

  return {
    origin,
    cashierUrl,
    displayUrl,
    services,
    settings,
    dataDir,
    exportsDir,
    printing,
    send: emit,
    async close() {
      for (const stream of streams) stream.response.end();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await services.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 64 * 1024) {
        reject(new Error('request too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

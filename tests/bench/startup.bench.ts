// Start-up, in Debian's Chromium through the harness host (startup-host.ts: the app's services
// in their own Node process, as main; the pages in Chromium, as the windows): from the
// moment the host process is asked for to (a) the cashier page ready for input (an amount
// field in the DOM, focused, and a frame painted: the start screen's, static HTML whose keys
// become the sale's amount, as the app shows it) and (b) the customer display painting its
// idle screen (the shop's welcome, static HTML main writes in, or the page's own once main's
// first view came). When the whole sale screen is drawn (the start screen gone) is printed too.
// Beside it, in the same run, a bare start: a plain Node http server process serving a page
// of React that renders a focused input (the same React build the pages use), from its
// process start to that input painted. Each side runs STARTS times in turns, every time a
// fresh host process and a fresh browser context (no HTTP cache), and the medians are
// compared; goal ratio <= 1.5. The page load alone (navigation to ready) is printed beside
// the bare page's too, to tell the host's share from the page's.
//
// As the app opens its windows while its services start, the host tells the pages' addresses
// as soon as it serves them, and both pages load while its services come up (the cashier's
// calls and the display's first view wait for them). The host's two moments (pages served,
// services up) are printed too.
//
// Every start opens the same data folder, as a till opens yesterday's journal in the morning
// (one start before the measured ones makes it); a first start ever also creates the journal.
//
// Each side's browser context (fresh: no HTTP cache) is made while its process starts; its
// windows once the process serves its pages, each made with its page in one step, as Electron
// makes a window and loads its page (BrowserWindow, then loadURL, in one turn of main): the
// app's two in the app's order (the cashier's, then the display's) in the one context, as its
// windows share a session, each a window of its own; the bare side's one. Not in it:
// Electron's own start (its binary, the browser process; Chromium is launched once before the
// runs). Needs `npm run build` first (the built pages).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { build } from 'esbuild';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright';
import { launchChromium } from '../support/browser';
import { percentile, ratioLine, type BenchLine } from './bench-line';
import { bundleHost, spawnHost, stopHost } from './bench-host';

/** Starts of each side: their medians are compared (eleven: seven's swung 0.1x run to run). */
const STARTS = 11;
const repoRoot = join(import.meta.dirname, '../..');
const bareDir = join(repoRoot, 'out/bench/bare-start');

/**
 * Installed before any page script: the epoch times at which the page was ready for input
 * (an amount field focused: the start screen's, React's sale screen's, or the bare input),
 * drew its screen (React's: the sale screen, the start screen gone; or the bare input), and
 * showed the display's idle screen, each once a frame with it was painted.
 */
const readinessProbe = `(() => {
  const marks = { navigationStart: performance.timeOrigin };
  const resolvers = {};
  window.__startup = {
    input: new Promise((resolve) => { resolvers.input = resolve; }),
    idle: new Promise((resolve) => { resolvers.idle = resolve; }),
    screen: new Promise((resolve) => { resolvers.screen = resolve; }),
    navigationStart: performance.timeOrigin,
  };
  const painted = (name) => requestAnimationFrame(() => setTimeout(() => resolvers[name](performance.timeOrigin + performance.now()), 0));
  let input = false;
  let idle = false;
  let screen = false;
  const check = () => {
    if (!screen && document.querySelector('[data-testid="amount-input"], [data-testid="bare-input"]') && !document.getElementById('start-screen')) { screen = true; painted('screen'); }
    const field = document.querySelector('[data-testid="start-amount-input"], [data-testid="amount-input"], [data-testid="bare-input"]');
    if (!input && field && document.activeElement === field) { input = true; painted('input'); }
    if (!idle && document.querySelector('main[data-phase="idle"], #start-screen main')) { idle = true; painted('idle'); }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  document.addEventListener('focusin', check, true);
})()`;

/** The bare page: React renders one focused input, nothing else. */
async function writeBarePage(): Promise<void> {
  const result = await build({
    stdin: {
      resolveDir: repoRoot,
      loader: 'ts',
      contents: `
        import { createElement } from 'react';
        import { createRoot } from 'react-dom/client';
        createRoot(document.getElementById('root')).render(
          createElement('input', { 'data-testid': 'bare-input', autoFocus: true, inputMode: 'decimal' }),
        );
      `,
    },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  mkdirSync(bareDir, { recursive: true });
  writeFileSync(join(bareDir, 'bare.js'), result.outputFiles[0]!.text);
  writeFileSync(
    join(bareDir, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>bare</title><script type="module" src="/bare.js"></script></head><body><div id="root"></div></body></html>',
  );
}

/** The bare host: node:http serving the two files, its URL on its first line. */
const bareServer = `
  import { createServer } from 'node:http';
  import { readFileSync } from 'node:fs';
  import { join } from 'node:path';
  const dir = process.argv[1];
  const files = { '/': ['index.html', 'text/html'], '/bare.js': ['bare.js', 'text/javascript'] };
  const server = createServer((request, response) => {
    const file = files[request.url];
    if (!file) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': file[1], 'cache-control': 'no-store' }).end(readFileSync(join(dir, file[0])));
  });
  server.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + server.address().port + '/'));
  process.stdin.resume();
  process.stdin.once('end', () => process.exit(0));
`;

async function spawnBare(): Promise<{ url: string; child: ChildProcess; spawnedAtMs: number }> {
  const spawnedAtMs = performance.timeOrigin + performance.now();
  const child = spawn(process.execPath, ['--input-type=module', '-e', bareServer, bareDir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [url] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return { url, child, spawnedAtMs };
}

/** Browser contexts already made: a new context's id is the one not among them. */
const contextsSeen = new Set<string>();

/**
 * A fresh browser context (no HTTP cache) whose pages carry the readiness probe, with its id
 * in the DevTools protocol.
 */
async function freshContext(
  browser: Browser,
  session: CDPSession,
): Promise<{ context: BrowserContext; contextId: string }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(readinessProbe);
  const { browserContextIds } = await session.send('Target.getBrowserContexts');
  const contextId = browserContextIds.find((id) => !contextsSeen.has(id));
  if (!contextId) throw new Error('the new browser context is not listed');
  contextsSeen.add(contextId);
  return { context, contextId };
}

/** A step of a start that should take well under a second: a hung one fails the bench. */
async function within<T>(step: Promise<T>, what: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not within 15 s: ${what()}`)), 15_000);
  });
  try {
    return await Promise.race([step, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Windows made each with its page, as an app makes a window and tells it its page at once
 * (Electron's BrowserWindow, then loadURL), in the order given: each a window of its own in
 * the one context, as an app's windows share one session. (A second page of a context made
 * the usual way is a tab behind the first, and draws no frames.) Playwright holds a new window
 * until the readiness probe is in, then its page loads. Answers the pages in the URLs' order.
 */
async function openWindows(
  fresh: { context: BrowserContext; contextId: string },
  session: CDPSession,
  urls: readonly string[],
): Promise<Page[]> {
  const pages: Page[] = [];
  const attached = new Promise<void>((resolve) =>
    fresh.context.on('page', (page) => {
      pages.push(page);
      if (pages.length === urls.length) resolve();
    }),
  );
  // Asked for in one turn, in order, as main makes its windows one after the other.
  await Promise.all(
    urls.map((url) =>
      session.send('Target.createTarget', {
        url,
        browserContextId: fresh.contextId,
        newWindow: true,
      }),
    ),
  );
  await within(attached, () => `${urls.length} windows opened, ${pages.length} seen by Playwright`);
  // Which page is which, once each has its address (Playwright's own record, no round trip
  // to the pages).
  const committed = await within(
    Promise.all(
      pages.map(async (page) => {
        await page.waitForURL((url) => url.protocol.startsWith('http'), { waitUntil: 'commit' });
        return page.url();
      }),
    ),
    () => `the pages committed: ${pages.map((page) => page.url()).join(', ')}`,
  );
  return urls.map((url) => {
    const page = pages[committed.indexOf(url)];
    if (!page) throw new Error(`no window opened ${url}`);
    return page;
  });
}

/**
 * Waits for a mark the probe sets (a promise in the page: a string evaluate goes through the
 * DevTools protocol, which the pages' CSP allows, where waitForFunction would need eval), and
 * answers it with the page's navigation start.
 */
async function markOf(page: Page, name: 'input' | 'idle' | 'screen'): Promise<[number, number]> {
  return (await page.evaluate(
    `window.__startup.${name}.then((at) => [at, window.__startup.navigationStart])`,
  )) as [number, number];
}

export async function run(): Promise<BenchLine[]> {
  let browser: Browser | undefined;
  const env = { STARTUP_DATA_DIR: mkdtempSync(join(tmpdir(), 'counter-startup-')) };
  try {
    browser = await launchChromium();
    const session = await browser.newBrowserCDPSession();
    const bundle = await bundleHost('startup-host');
    {
      const first = await spawnHost(bundle, { env });
      await first.nextLine();
      await stopHost(first.child);
    }
    await writeBarePage();
    const cashierReady: number[] = [];
    const displayIdle: number[] = [];
    const pagesServed: number[] = [];
    const servicesUp: number[] = [];
    const cashierLoad: number[] = [];
    const cashierScreen: number[] = [];
    const bareReady: number[] = [];
    const bareLoad: number[] = [];
    for (let start = 0; start < STARTS; start += 1) {
      {
        // The context is made while the host starts; the windows, once it serves their pages.
        const spawning = spawnHost(bundle, { env });
        const sinceSpawn = (spawnedAtMs: number) =>
          performance.timeOrigin + performance.now() - spawnedAtMs;
        // The host's own moment, not the later of it and the context.
        const served = spawning.then((host) => sinceSpawn(host.spawnedAtMs));
        const [fresh, host] = await Promise.all([freshContext(browser, session), spawning]);
        pagesServed.push(await served);
        const up = host.nextLine().then(() => sinceSpawn(host.spawnedAtMs));
        // The app's order (index.ts): the cashier's window, then the display's; both pages
        // load at once, the display's idle screen in its HTML, its first view once the
        // services are up.
        const [cashier, display] = (await openWindows(fresh, session, [
          host.info.cashierUrl,
          host.info.displayUrl,
        ])) as [Page, Page];
        const [input, navigated] = await markOf(cashier, 'input');
        const [screen] = await markOf(cashier, 'screen');
        const [idle, displayNavigated] = await markOf(display, 'idle');
        servicesUp.push(await up);
        cashierScreen.push(screen - host.spawnedAtMs);
        cashierReady.push(input - host.spawnedAtMs);
        cashierLoad.push(input - navigated);
        displayIdle.push(idle - host.spawnedAtMs);
        if (process.env.STARTUP_BENCH_SAMPLES)
          console.log(
            `start ${start + 1}: pages served ${pagesServed.at(-1)!.toFixed(0)}, services up ${servicesUp.at(-1)!.toFixed(0)}, cashier ready ${cashierReady.at(-1)!.toFixed(0)}, sale screen ${cashierScreen.at(-1)!.toFixed(0)} (navigation ${(navigated - host.spawnedAtMs).toFixed(0)}), display idle ${displayIdle.at(-1)!.toFixed(0)} (navigation ${(displayNavigated - host.spawnedAtMs).toFixed(0)}) ms`,
          );
        await fresh.context.close();
        await stopHost(host.child);
      }
      {
        const spawning = spawnBare();
        const [fresh, host] = await Promise.all([freshContext(browser, session), spawning]);
        const [page] = (await openWindows(fresh, session, [host.url])) as [Page];
        const [input, navigated] = await markOf(page, 'input');
        bareReady.push(input - host.spawnedAtMs);
        bareLoad.push(input - navigated);
        if (process.env.STARTUP_BENCH_SAMPLES)
          console.log(
            `bare ${start + 1}: ready ${bareReady.at(-1)!.toFixed(0)} (navigation ${(navigated - host.spawnedAtMs).toFixed(0)}) ms`,
          );
        await fresh.context.close();
        host.child.stdin?.end();
        await once(host.child, 'exit');
      }
    }
    const median = (samples: number[]) => percentile(samples, 50);
    const bareStart = `bare: process start -> React input painted, median of ${STARTS}`;
    return [
      ratioLine(
        `start-up: process start -> cashier ready for input, median of ${STARTS}`,
        median(cashierReady),
        bareStart,
        median(bareReady),
        'ms',
        1.5,
      ),
      ratioLine(
        `start-up: process start -> customer display idle screen, median of ${STARTS}`,
        median(displayIdle),
        bareStart,
        median(bareReady),
        'ms',
        1.5,
      ),
      {
        // What follows the start screen: the till's code loaded and its sale screen drawn.
        name: `start-up: process start -> cashier's sale screen drawn (start screen gone), median of ${STARTS}`,
        value: median(cashierScreen),
        unit: 'ms',
        floorName: bareStart,
        floor: median(bareReady),
        goal: 'printed',
        pass: true,
      },
      ratioLine(
        'cashier page: navigation -> ready for input, median',
        median(cashierLoad),
        'bare page: navigation -> input painted, median',
        median(bareLoad),
        'ms',
        1.5,
      ),
      ...(
        [
          ['host process: start -> pages served, median', pagesServed],
          ['host process: start -> services up, median', servicesUp],
        ] as const
      ).map(([name, samples]) => ({
        name,
        value: median(samples),
        unit: 'ms',
        floorName: 'no goal',
        floor: 0,
        goal: 'printed',
        pass: true,
      })),
    ];
  } finally {
    await browser?.close();
    rmSync(env.STARTUP_DATA_DIR, { recursive: true, force: true });
  }
}

// The customer display's figures: the renderer's gzipped JS and CSS, and
// the display page's JS heap after 200 sales compared with after 10 (a leak in the page shows
// as growth). The Show-QR-to-painted latency and the cashier page's heap are the cashier
// bench's. Pages are built first when out/renderer is missing.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright';
import { launchChromium } from '../support/browser';
import { startHarness } from '../support/harness/harness';
import { ManualClock } from '../support/manual-clock';
import { OUTCOME_HOLD_MS } from '../../shared/sale/wait-screen';
import { DISPLAY_VIEWPORT, startQrSale, waitForPhase } from '../e2e/display-kit';
import { goalLine, type BenchLine } from './bench-line';

const projectRoot = resolve(import.meta.dirname, '../..');
const rendererDir = join(projectRoot, 'out/renderer');
const assetsDir = join(rendererDir, 'assets');

const JS_GOAL_KB = 200;
/** Not a goal of the issue: a bound of ours so the CSS line has something to be read against. */
const CSS_BOUND_KB = 100;
const HEAP_GROWTH_GOAL_MB = 5;
const FIRST_MARK = 10;
const SECOND_MARK = 200;

function ensureBuilt(): void {
  if (existsSync(join(rendererDir, 'display/index.html')) && existsSync(assetsDir)) return;
  const build = spawnSync('npx', ['electron-vite', 'build'], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('electron-vite build failed');
}

const gzippedKb = (files: readonly string[]): number =>
  files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(assetsDir, file)), { level: 9 }).length,
    0,
  ) / 1024;

/**
 * The scripts the display page loads as it starts: its entry and the chunks it preloads, and
 * the code the entry imports once the idle screen is painted (the files Vite lists for that
 * import).
 */
function displayPageScripts(): string[] {
  const html = readFileSync(join(rendererDir, 'display/index.html'), 'utf8');
  const named = [...html.matchAll(/(?:src|href)="\.\.\/assets\/([^"]+\.js)"/g)].map(
    (match) => match[1] as string,
  );
  const imported = named.flatMap((file) =>
    [...readFileSync(join(assetsDir, file), 'utf8').matchAll(/"\.\/([^"]+\.js)"/g)].map(
      (match) => match[1] as string,
    ),
  );
  return [...new Set([...named, ...imported])];
}

async function heapUsedMb(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  try {
    // Twice: the first pass may only queue finalisers that free more on the second.
    await session.send('HeapProfiler.collectGarbage');
    await session.send('HeapProfiler.collectGarbage');
    const usage = await session.send('Runtime.getHeapUsage');
    return usage.usedSize / (1024 * 1024);
  } finally {
    await session.detach();
  }
}

async function heapLines(): Promise<BenchLine[]> {
  const clock = new ManualClock();
  const harness = await startHarness({ clock, settings: { shopName: 'Bench Shop' } });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: DISPLAY_VIEWPORT });
    await page.goto(harness.displayUrl);
    await waitForPhase(page, 'idle');
    const marks = new Map<number, number>();
    for (let sale = 1; sale <= SECOND_MARK; sale++) {
      await startQrSale(harness, `${sale}.5`);
      await waitForPhase(page, 'scan');
      clock.advance(1_000);
      await harness.services.handlers.cancelSale({});
      await waitForPhase(page, 'cancelled');
      await harness.services.handlers.finishSale({});
      clock.advance(OUTCOME_HOLD_MS);
      await waitForPhase(page, 'idle');
      if (sale === FIRST_MARK || sale === SECOND_MARK) marks.set(sale, await heapUsedMb(page));
    }
    const first = marks.get(FIRST_MARK) as number;
    const second = marks.get(SECOND_MARK) as number;
    return [
      {
        name: `display page JS heap after ${SECOND_MARK} sales`,
        value: second,
        unit: 'MB',
        floorName: `after ${FIRST_MARK} sales`,
        floor: first,
        goal: `growth < ${HEAP_GROWTH_GOAL_MB} MB`,
        pass: second - first < HEAP_GROWTH_GOAL_MB,
      },
      goalLine(
        `display page JS heap growth ${FIRST_MARK}->${SECOND_MARK} sales`,
        second - first,
        'MB',
        HEAP_GROWTH_GOAL_MB,
      ),
    ];
  } finally {
    await browser.close();
    await harness.close();
  }
}

export async function run(): Promise<BenchLine[]> {
  ensureBuilt();
  const assets = readdirSync(assetsDir);
  const js = assets.filter((file) => file.endsWith('.js'));
  const css = assets.filter((file) => file.endsWith('.css'));
  const sizes = [
    goalLine('renderer JS gzipped (both pages, all chunks)', gzippedKb(js), 'KB', JS_GOAL_KB),
    goalLine(
      'display page JS gzipped (entry, preloaded chunks and the code it loads at start)',
      gzippedKb(displayPageScripts()),
      'KB',
      JS_GOAL_KB,
    ),
    goalLine(
      'renderer CSS gzipped (our bound, not an issue goal)',
      gzippedKb(css),
      'KB',
      CSS_BOUND_KB,
    ),
  ];
  return [...sizes, ...(await heapLines())];
}

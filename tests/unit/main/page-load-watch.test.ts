import { describe, expect, it } from 'vitest';
import {
  startFilesOf,
  watchPagesLoad,
  type PageLoadWatch,
} from '../../../electron/main/page-load-watch';
import { ManualClock } from '../../support/manual-clock';

// The cashier page as the build writes it: one module script, its preloads, its stylesheets.
const cashierHtml = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="../assets/cashier-1.js"></script>
    <link rel="modulepreload" crossorigin href="../assets/react-2.js">
    <link rel="stylesheet" crossorigin href="../assets/cashier-3.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

// The display page: its entry and its stylesheet.
const displayHtml = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="../assets/display-6.js"></script>
    <link rel="stylesheet" crossorigin href="../assets/display-7.css">
  </head>
  <body><div id="start-screen"></div><div id="root"></div></body>
</html>`;

const CASHIER = '/cashier/index.html';
const DISPLAY = '/display/index.html';

/** A watch on the windows opened on `pages`; `loaded()` tells, a turn later, whether it resolved. */
function watching(pages: string[]) {
  const clock = new ManualClock(0);
  const watch = watchPagesLoad(clock, 2_000);
  for (const page of pages) watch.expect(page);
  let done = false;
  void watch.loaded.then(() => {
    done = true;
  });
  const loaded = async () => {
    await Promise.resolve();
    return done;
  };
  return { clock, watch, loaded };
}

/** The cashier's HTML and every file it names, served. */
function serveCashierPage(watch: PageLoadWatch): void {
  watch.served(CASHIER, cashierHtml);
  for (const path of startFilesOf(CASHIER, cashierHtml)) watch.served(path);
}

describe('watchPagesLoad', () => {
  it('names the scripts, module preloads and stylesheets a page starts with', () => {
    expect(startFilesOf('/cashier/index.html', cashierHtml)).toEqual(
      new Set(['/assets/cashier-1.js', '/assets/react-2.js', '/assets/cashier-3.css']),
    );
  });

  it("names the files the entry loads after the page's first frame too", () => {
    const html = cashierHtml.replace(
      'src="../assets/cashier-1.js"',
      'src="../assets/cashier-1.js" data-start-files="../assets/page-4.js ../assets/page-5.css"',
    );
    expect(startFilesOf('/cashier/index.html', html)).toEqual(
      new Set([
        '/assets/cashier-1.js',
        '/assets/react-2.js',
        '/assets/cashier-3.css',
        '/assets/page-4.js',
        '/assets/page-5.css',
      ]),
    );
  });

  it('is loaded once the HTML and every file it names are served, not before', async () => {
    const { watch, loaded } = watching([CASHIER]);
    watch.served(DISPLAY, '<script src="../assets/other.js"></script>');
    watch.served(CASHIER, cashierHtml);
    watch.served('/assets/cashier-1.js');
    watch.served('/assets/react-2.js');
    expect(await loaded()).toBe(false);
    watch.served('/assets/cashier-3.css');
    expect(await loaded()).toBe(true);
  });

  it('waits for every window opened: the display page too, once expected', async () => {
    const { watch, loaded } = watching([CASHIER, DISPLAY]);
    serveCashierPage(watch);
    expect(await loaded()).toBe(false);
    watch.served(DISPLAY, displayHtml);
    watch.served('/assets/display-6.js');
    expect(await loaded()).toBe(false);
    watch.served('/assets/display-7.css');
    expect(await loaded()).toBe(true);
  });

  it('counts a file the pages share once, served before the second page asked for it', async () => {
    const { watch, loaded } = watching([CASHIER, DISPLAY]);
    serveCashierPage(watch);
    // The display's HTML names the cashier's react-2.js, already served.
    watch.served(DISPLAY, displayHtml.replace('display-7.css', 'react-2.js'));
    watch.served('/assets/display-6.js');
    expect(await loaded()).toBe(true);
  });

  it('is not loaded by files served while no window is expected', async () => {
    const { watch, loaded } = watching([]);
    watch.served(CASHIER, '<body></body>');
    expect(await loaded()).toBe(false);
  });

  it('is loaded at its bound whatever the pages do', async () => {
    const { clock, watch, loaded } = watching([CASHIER, DISPLAY]);
    watch.served(CASHIER, cashierHtml);
    clock.advance(1_999);
    expect(await loaded()).toBe(false);
    clock.advance(1);
    expect(await loaded()).toBe(true);
  });
});

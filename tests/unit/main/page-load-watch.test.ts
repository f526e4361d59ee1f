import { describe, expect, it } from 'vitest';
import { startFilesOf, watchPageLoad } from '../../../electron/main/page-load-watch';
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

function settled(promise: Promise<void>): () => boolean {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  return () => done;
}

describe('watchPageLoad', () => {
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
    const clock = new ManualClock(0);
    const watch = watchPageLoad('/cashier/index.html', clock, 2_000);
    const loaded = settled(watch.loaded);
    watch.served('/display/index.html', '<script src="../assets/other.js"></script>');
    watch.served('/cashier/index.html', cashierHtml);
    watch.served('/assets/cashier-1.js');
    watch.served('/assets/react-2.js');
    await Promise.resolve();
    expect(loaded()).toBe(false);
    watch.served('/assets/cashier-3.css');
    await Promise.resolve();
    expect(loaded()).toBe(true);
  });

  it('is loaded at its bound whatever the page does', async () => {
    const clock = new ManualClock(0);
    const watch = watchPageLoad('/cashier/index.html', clock, 2_000);
    const loaded = settled(watch.loaded);
    watch.served('/cashier/index.html', cashierHtml);
    clock.advance(1_999);
    await Promise.resolve();
    expect(loaded()).toBe(false);
    clock.advance(1);
    await Promise.resolve();
    expect(loaded()).toBe(true);
  });
});

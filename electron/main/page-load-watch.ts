import type { Clock } from '../../shared/clock';

/**
 * Tells when a page has its start files: its HTML, every script, module preload and
 * stylesheet the HTML names, and the files its entry script names in `data-start-files`
 * (the cashier's: the till's code, which its entry imports once the start screen is painted;
 * electron.vite.config.ts writes the list). Main loads its services once the cashier window
 * has them: the pages' files are served by main's own thread (the app:// handler), so files
 * asked for while the services' code loads would wait behind it, and the window with them.
 * `loaded` resolves then, or `boundMs` after the watch began on the clock, whatever the page
 * does (a window that never loads must not keep the services from starting).
 */
export interface PageLoadWatch {
  /** Each file served, by its URL's path; the page's HTML with its text. */
  served(path: string, html?: string): void;
  readonly loaded: Promise<void>;
}

const startFileReference = /<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"/g;
const laterStartFiles = /<script\b[^>]*?\bdata-start-files="([^"]*)"/g;

/** The paths of the files a page's HTML names for its start, resolved against the page. */
export function startFilesOf(pagePath: string, html: string): Set<string> {
  const base = new URL(pagePath, 'app://pages');
  const named = [
    ...[...html.matchAll(startFileReference)].map((match) => match[1]!),
    ...[...html.matchAll(laterStartFiles)].flatMap((match) => match[1]!.split(' ')),
  ];
  return new Set(named.filter(Boolean).map((file) => new URL(file, base).pathname));
}

export function watchPageLoad(pagePath: string, clock: Clock, boundMs: number): PageLoadWatch {
  let waiting: Set<string> | undefined;
  let done!: () => void;
  const loaded = new Promise<void>((resolve) => {
    done = resolve;
  });
  const cancelBound = clock.at(clock.now() + boundMs, () => done());
  return {
    loaded,
    served(path, html) {
      if (path === pagePath && html !== undefined && waiting === undefined)
        waiting = startFilesOf(pagePath, html);
      waiting?.delete(path);
      if (waiting?.size === 0) {
        cancelBound();
        done();
      }
    },
  };
}

/** The cashier page, whose start files main waits for before it loads its services. */
export const CASHIER_PAGE = '/cashier/index.html';
/** The longest the services wait for the cashier window's files, however its load goes. */
const CASHIER_FILES_BOUND_MS = 2_000;

/** The watch main (and the test harness, as main) keeps on the cashier page's start files. */
export function watchCashierPageLoad(clock: Clock): PageLoadWatch {
  return watchPageLoad(CASHIER_PAGE, clock, CASHIER_FILES_BOUND_MS);
}

import type { Clock } from '../../shared/clock';

/**
 * Tells when the windows' pages have their start files: each page's HTML, every script,
 * module preload and stylesheet the HTML names, and the files its entry script names in
 * `data-start-files` (the page's code, which its entry imports once the start screen is
 * painted; electron.vite.config.ts writes the list). Main loads its services once the
 * windows it opened have them: the pages' files are served by main's own thread (the app://
 * handler), so files asked for while the services' code loads would wait behind it, and the
 * windows with them. `loaded` resolves then, or `boundMs` after the watch began on the clock,
 * whatever the pages do (a window that never loads must not keep the services from starting).
 */
export interface PageLoadWatch {
  /** A window was opened on this page (its path): `loaded` waits for its start files too. */
  expect(pagePath: string): void;
  /** Each file served, by its URL's path; a page's HTML with its text. */
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

export function watchPagesLoad(clock: Clock, boundMs: number): PageLoadWatch {
  /** Each expected page's start files not yet served; undefined until its HTML is. */
  const waiting = new Map<string, Set<string> | undefined>();
  // A file two pages share is asked for once: the later page may find it served already.
  const servedFiles = new Set<string>();
  let done!: () => void;
  const loaded = new Promise<void>((resolve) => {
    done = resolve;
  });
  const cancelBound = clock.at(clock.now() + boundMs, () => done());
  return {
    loaded,
    expect(pagePath) {
      if (!waiting.has(pagePath)) waiting.set(pagePath, undefined);
    },
    served(path, html) {
      servedFiles.add(path);
      if (html !== undefined && waiting.has(path) && waiting.get(path) === undefined)
        waiting.set(
          path,
          new Set([...startFilesOf(path, html)].filter((file) => !servedFiles.has(file))),
        );
      for (const files of waiting.values()) files?.delete(path);
      if (waiting.size > 0 && [...waiting.values()].every((files) => files?.size === 0)) {
        cancelBound();
        done();
      }
    },
  };
}

/** The longest the services wait for the windows' files, however their loads go. */
const WINDOW_FILES_BOUND_MS = 2_000;

/** The watch main (and the test harness, as main) keeps on its windows' start files. */
export function watchWindowsLoad(clock: Clock): PageLoadWatch {
  return watchPagesLoad(clock, WINDOW_FILES_BOUND_MS);
}

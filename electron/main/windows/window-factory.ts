import { BrowserWindow, type BrowserWindowConstructorOptions } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pagePath, type PageName } from '../page-paths';
import type { AppLocation } from '../security/trusted-url';
import { secureWebPreferences } from '../security/web-preferences';
import type { WindowRegistry } from './window-registry';

/**
 * Where the pages are loaded from: the built files over file://, or an origin: our own
 * scheme serving the built files (app://pages) or the dev server (ELECTRON_RENDERER_URL).
 */
export type PageSource = { kind: 'file'; rendererDir: string } | { kind: 'origin'; origin: string };

/** The AppLocation the URL and sender checks compare against. */
export function appLocationOf(source: PageSource): AppLocation {
  return source.kind === 'origin'
    ? { kind: 'origin', origin: source.origin }
    : { kind: 'file', rendererDirUrl: pathToFileURL(source.rendererDir).href };
}

export interface WindowFactoryOptions {
  /** Folder with cashier.cjs and display.cjs. */
  preloadDir: string;
  pages: PageSource;
  /** app.isPackaged: DevTools only in unpackaged builds. */
  isPackaged: boolean;
  registry: WindowRegistry;
  /**
   * Told the path of each page a window is opened on, before it loads: main waits for the
   * files of every window opened before it loads its services (page-load-watch.ts).
   */
  onOpen?: (pagePath: string) => void;
}

/** Everything a caller may choose; webPreferences are not among them. */
export type WindowLook = Omit<BrowserWindowConstructorOptions, 'webPreferences'>;

export interface WindowFactory {
  open(page: PageName, look?: WindowLook): BrowserWindow;
}

/**
 * Every window of ours is made here: with the secure webPreferences, registered as ours
 * before anything loads, and shown only once painted. window.open is the security hooks'
 * business alone: they set the one handler on every webContents as it is created (denied;
 * an allowed https link goes to the system browser). A second handler here would replace it.
 */
export function createWindowFactory(options: WindowFactoryOptions): WindowFactory {
  return {
    open(page, look = {}) {
      const window = new BrowserWindow({
        show: false,
        backgroundColor: '#ffffff',
        ...look,
        webPreferences: secureWebPreferences({
          preload: join(options.preloadDir, `${page}.cjs`),
          devTools: !options.isPackaged,
        }),
      });
      options.registry.add(window.webContents);
      options.onOpen?.(pagePath(page));
      if (look.show !== false) window.once('ready-to-show', () => window.show());
      if (options.pages.kind === 'origin')
        void window.loadURL(`${options.pages.origin}${pagePath(page)}`);
      else void window.loadFile(join(options.pages.rendererDir, page, 'index.html'));
      return window;
    },
  };
}

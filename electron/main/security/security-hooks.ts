import { app, BrowserWindow, shell, type Session, type WebContents } from 'electron';
import { silentLogger, type Logger } from '../../logging/logger';
import {
  buildContentSecurityPolicy,
  withContentSecurityPolicy,
  type CspOptions,
} from './content-security-policy';
import { checkExternalLink, isAllowedNavigation, type AppLocation } from './trusted-url';

/**
 * The app-wide security hooks (Electron's security checklist). Installed
 * once, before the first window: every webContents, ours or not, gets the navigation and
 * window-open rules; one that is not ours (not registered by the window factory by the
 * time its constructor returned) is closed.
 */
export interface SecurityHooksOptions {
  app: AppLocation;
  /** Registry lookup: did our window factory make this webContents? */
  isOurWebContents: (webContentsId: number) => boolean;
  /** DevTools' own webContents are tolerated in unpackaged builds only. */
  allowDevTools: boolean;
  logger?: Logger;
  /** Defaults to shell.openExternal; tests pass a spy. */
  openExternal?: (href: string) => Promise<void>;
  /** Defaults to setImmediate: the check runs after the creating constructor returned. */
  defer?: (task: () => void) => void;
}

export function installSecurityHooks(options: SecurityHooksOptions): void {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, options));
}

type NavigationEvent = { url?: string; preventDefault(): void };

export function hardenWebContents(contents: WebContents, options: SecurityHooksOptions): void {
  const logger = options.logger ?? silentLogger;
  const openExternal = options.openExternal ?? ((href: string) => shell.openExternal(href));
  const defer = options.defer ?? ((task: () => void) => void setImmediate(task));

  const guardNavigation = (kind: string) => (event: NavigationEvent, legacyUrl?: string) => {
    const url = event.url ?? legacyUrl ?? '';
    if (isAllowedNavigation(url, options.app)) return;
    event.preventDefault();
    logger.warn('security: navigation denied', { kind, url: url.slice(0, 200) });
  };
  contents.on('will-navigate', guardNavigation('will-navigate'));
  contents.on('will-frame-navigate', guardNavigation('will-frame-navigate'));
  contents.on('will-redirect', guardNavigation('will-redirect'));

  // New windows never: an allowed https link goes to the system browser instead.
  contents.setWindowOpenHandler(({ url }) => {
    const link = checkExternalLink(url);
    if (link.ok) {
      openExternal(link.href).catch((error: unknown) =>
        logger.warn('security: opening a link failed', { error: (error as Error).message }),
      );
    } else {
      logger.warn('security: window.open denied', { reason: link.reason });
    }
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    logger.warn('security: <webview> denied');
  });

  defer(() => {
    if (contents.isDestroyed() || options.isOurWebContents(contents.id)) return;
    if (options.allowDevTools && isDevToolsOfOurs(contents, options.isOurWebContents)) return;
    logger.warn('security: closing a webContents the app did not create', {
      type: contents.getType(),
    });
    const window = BrowserWindow.fromWebContents(contents);
    if (window) window.destroy();
    else contents.close();
  });
}

function isDevToolsOfOurs(contents: WebContents, isOurs: (id: number) => boolean): boolean {
  return BrowserWindow.getAllWindows().some(
    (window) =>
      isOurs(window.webContents.id) && window.webContents.devToolsWebContents?.id === contents.id,
  );
}

/**
 * Session-wide rules: every permission request and check denied (a till needs no camera,
 * microphone, notifications, USB or serial in its pages: the reader lives in main), and our
 * CSP sent with every page. The <meta> CSP in each page stays as the backstop for builds
 * where file:// responses bypass webRequest.
 */
export interface SessionSecurity {
  /**
   * Logo origins learned later (e.g. from the asset list). Applies to pages loaded from now
   * on; a loaded page keeps the policy it came with.
   */
  setImageOrigins(origins: readonly string[]): void;
}

export function installSessionSecurity(
  session: Session,
  csp: CspOptions,
  logger: Logger = silentLogger,
): SessionSecurity {
  session.setPermissionRequestHandler((_contents, permission, callback) => {
    logger.warn('security: permission request denied', { permission });
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  let options = csp;
  let policy = buildContentSecurityPolicy(options);
  session.webRequest.onHeadersReceived((details, callback) => {
    if (details.resourceType !== 'mainFrame' && details.resourceType !== 'subFrame') {
      callback({});
      return;
    }
    callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders, policy) });
  });
  return {
    setImageOrigins(origins) {
      options = { ...options, imageOrigins: [...origins] };
      policy = buildContentSecurityPolicy(options);
    },
  };
}

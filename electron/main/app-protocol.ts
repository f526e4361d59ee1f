import { net, protocol } from 'electron';
import { pathToFileURL } from 'node:url';
import { APP_SCHEME, resolvePageRequest } from './page-request';

/**
 * Must run before app 'ready': app:// behaves like https (secure context, fetch of its own
 * files), and V8 keeps a code cache of the pages' scripts between starts, as it does for
 * https (Electron caches a custom scheme's code only with `codeCache` and `standard` both set).
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, codeCache: true } },
  ]);
}

/**
 * Serves the built pages from app://pages with the strict CSP header on every response.
 * `pageHtml` may change a page's HTML as it is served, by its path (first-screen-mark.ts);
 * `onServed` hears each file served by its path, a page's HTML with its text (page-load-watch.ts).
 */
export function serveAppScheme(
  rendererRoot: string,
  contentSecurityPolicy: () => string,
  onServed: (path: string, html?: string) => void = () => {},
  pageHtml: (path: string, html: string) => string = (_path, html) => html,
): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const resolved = resolvePageRequest(request.url, rendererRoot);
    if (!resolved.ok) return new Response(null, { status: resolved.status });
    const file = await net.fetch(pathToFileURL(resolved.filePath).href);
    if (!file.ok) return new Response(null, { status: 404 });
    const path = new URL(request.url).pathname;
    // A page's HTML is small: read whole, so the watch learns the files it names.
    const html = resolved.contentType.startsWith('text/html')
      ? pageHtml(path, await file.text())
      : undefined;
    onServed(path, html);
    return new Response(html ?? file.body, {
      status: 200,
      headers: {
        'content-type': resolved.contentType,
        'content-security-policy': contentSecurityPolicy(),
        'x-content-type-options': 'nosniff',
      },
    });
  });
}

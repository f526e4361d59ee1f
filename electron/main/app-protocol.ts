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

/** Serves the built pages from app://pages with the strict CSP header on every response. */
export function serveAppScheme(rendererRoot: string, contentSecurityPolicy: () => string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const resolved = resolvePageRequest(request.url, rendererRoot);
    if (!resolved.ok) return new Response(null, { status: resolved.status });
    const file = await net.fetch(pathToFileURL(resolved.filePath).href);
    if (!file.ok) return new Response(null, { status: 404 });
    return new Response(file.body, {
      status: 200,
      headers: {
        'content-type': resolved.contentType,
        'content-security-policy': contentSecurityPolicy(),
        'x-content-type-options': 'nosniff',
      },
    });
  });
}

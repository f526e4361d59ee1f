import { extname, resolve, sep } from 'node:path';

/**
 * The pages are served from our own `app://` scheme rather than file:// so that every
 * response carries the Content-Security-Policy header (file:// responses carry no headers).
 * This pure function decides what a request may read: only files inside the built renderer
 * folder, under the one host `pages`.
 */
export const APP_SCHEME = 'app';
const APP_HOST = 'pages';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

export type PageRequest =
  { ok: true; filePath: string; contentType: string } | { ok: false; status: 400 | 403 | 404 };

export function resolvePageRequest(requestUrl: string, rendererRoot: string): PageRequest {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { ok: false, status: 400 };
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || url.username || url.password) {
    return { ok: false, status: 403 };
  }
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return { ok: false, status: 400 };
  }
  // Reject what could climb out of the folder before resolving, then check again after.
  if (path.includes('\0') || path.includes('\\') || path.split('/').includes('..')) {
    return { ok: false, status: 403 };
  }
  const root = resolve(rendererRoot);
  const filePath = resolve(root, `.${path}`);
  if (!filePath.startsWith(root + sep)) return { ok: false, status: 403 };
  const contentType = contentTypes[extname(filePath).toLowerCase()];
  if (!contentType) return { ok: false, status: 404 };
  return { ok: true, filePath, contentType };
}

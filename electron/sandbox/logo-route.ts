import type { IncomingMessage, ServerResponse } from 'node:http';
import { logoSvg } from './logos';

/** Serves {origin}/logos/<name>.svg without a token, so catalogue `logo` URLs load anywhere. */
export function serveLogo(req: IncomingMessage, res: ServerResponse, path: string): void {
  const match = /^\/logos\/([a-z0-9-]+)\.svg$/.exec(path);
  const svg = match ? logoSvg(match[1] as string) : undefined;
  if (!svg || (req.method !== 'GET' && req.method !== 'HEAD')) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not found');
    return;
  }
  res.writeHead(200, {
    'content-type': 'image/svg+xml',
    'content-length': svg.length,
    'cache-control': 'public, max-age=86400',
  });
  res.end(req.method === 'HEAD' ? undefined : svg);
}

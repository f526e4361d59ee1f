import type { ServerResponse } from 'node:http';
import { escapeHtml } from '../../shared/escape-html';

/**
 * The page a sandbox `qr_url` opens: a stand-in for the wallet app, so a demo link leads
 * somewhere readable instead of a 404. It shows the link's parameters and does nothing else.
 */

export function sendQrScanPage(res: ServerResponse, query: string): void {
  const rows = [...new URLSearchParams(query)]
    .map(([key, value]) => `<tr><th>${escapeHtml(key)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  const html =
    '<!DOCTYPE html><html><head><meta charset="utf-8"><title>Sandbox wallet</title></head><body>' +
    '<h1>Sandbox wallet</h1><p>This is the payment service sandbox. A real wallet would ask the customer to pay:</p>' +
    `<table>${rows}</table></body></html>\n`;
  const body = Buffer.from(html, 'utf8');
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': body.length,
    'content-security-policy': "default-src 'none'",
  });
  res.end(body);
}

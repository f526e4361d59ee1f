import type { ServerResponse } from 'node:http';
import { failureText, sendFailure, sendJsonText } from './envelope-replies';
import type { FaultRule, SandboxEndpoint } from './fault-rules';

/** The bodies a fault answers with instead of the real reply. */

/** Above the 2 MiB the brief names, so any sane client limit (the app's is 1 MiB) trips. */
const OVERSIZE_BYTES = 2 * 1024 * 1024 + 64 * 1024;

/** A valid envelope padded past the limit: only a size check, not the parser, can refuse it. */
const oversizeBody: Buffer = (() => {
  const head = '{"data":[],"errors":[],"msg":"","error_code":"","padding":"';
  const tail = '"}';
  const padding = 'x'.repeat(OVERSIZE_BYTES - head.length - tail.length);
  return Buffer.from(head + padding + tail, 'utf8');
})();

const htmlBody = Buffer.from(
  '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head>' +
    '<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>\n',
  'utf8',
);

/** JSON that a parser rejects: a truncated envelope. */
const malformedBody = Buffer.from('{"data":[{"name":"ETHEREUM","chain_id":1,', 'utf8');

/** A well-formed envelope whose `data` is not what the endpoint documents. */
const wrongShapeData: Record<SandboxEndpoint, unknown> = {
  chain: [{ id: 'ethereum', title: 'Ethereum' }],
  asset: { assets: 'USDT' },
  generate_qr: { url: 'https://example.invalid/pay', rate: '1' },
  generate_nfc: { status: 'success' },
};

function faultStatusMessage(status: number): string {
  return `The sandbox answered HTTP ${status} (scripted fault).`;
}

const FORMULA_NAME = '=HYPERLINK("http://evil.example","pay here")';
const formulaNamedData: Record<SandboxEndpoint, unknown> = {
  chain: [{ name: FORMULA_NAME, chain_id: 1, logo: '' }],
  asset: [{ asset: 'USDT', chain: FORMULA_NAME, chain_id: 1, decimal: 6, logo: '' }],
  generate_qr: null,
  generate_nfc: null,
};

/** Answers a request with the fault's status and/or body. Status defaults to 200 for bodies. */
export function sendFaultReply(
  res: ServerResponse,
  rule: FaultRule,
  endpoint: SandboxEndpoint,
): void {
  const status = rule.status ?? 200;
  switch (rule.body) {
    case 'malformed-json':
      sendJsonText(res, status, malformedBody);
      return;
    case 'html':
      res.writeHead(status, {
        'content-type': 'text/html; charset=utf-8',
        'content-length': htmlBody.length,
      });
      res.end(htmlBody);
      return;
    case 'wrong-shape':
      sendJsonText(
        res,
        status,
        JSON.stringify({ data: wrongShapeData[endpoint], errors: [], msg: '', error_code: '' }),
      );
      return;
    case 'oversize':
      // Chunked, without Content-Length: the client must count bytes as they arrive.
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(oversizeBody);
      return;
    case 'formula-names':
      // A catalogue whose names a spreadsheet would run as formulas: untrusted text the
      // app must show and export as text. Chain 1 stays chain 1, so a sale still works.
      sendJsonText(
        res,
        status,
        JSON.stringify({ data: formulaNamedData[endpoint], errors: [], msg: '', error_code: '' }),
      );
      return;
    case 'envelope-error':
      sendJsonText(
        res,
        status,
        failureText({
          status,
          code: 'SERVICE_UNAVAILABLE',
          msg: 'The payment service is temporarily unavailable. Try again shortly.',
        }),
      );
      return;
    case undefined:
      sendFailure(res, { status, code: 'SANDBOX_FAULT', msg: faultStatusMessage(status) });
      return;
  }
}

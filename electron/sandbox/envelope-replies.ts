import type { ServerResponse } from 'node:http';

/**
 * Writing replies. Every service reply is the envelope of API 2.1; error codes are the
 * sandbox's own invention (docs/payment-service.md: The built-in sandbox) and the app must not depend on them.
 */

export interface EnvelopeError {
  status: number;
  code: string;
  /** Plain words: the app shows `msg` to the cashier as is. */
  msg: string;
  /** Optional detail item; API 7.2 leaves the shape of `errors` open. */
  field?: string;
}

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8' } as const;

export function sendJsonText(res: ServerResponse, status: number, text: string | Buffer): void {
  const body = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  res.writeHead(status, { ...jsonHeaders, 'content-length': body.length });
  res.end(body);
}

export function successText(data: unknown): string {
  return JSON.stringify({ data, errors: [], msg: '', error_code: '' });
}

export function failureText(error: EnvelopeError): string {
  const item: Record<string, string> = { code: error.code, message: error.msg };
  if (error.field !== undefined) item.field = error.field;
  return JSON.stringify({ data: null, errors: [item], msg: error.msg, error_code: error.code });
}

export function sendFailure(
  res: ServerResponse,
  error: EnvelopeError,
  headers: Record<string, string> = {},
): void {
  const body = Buffer.from(failureText(error), 'utf8');
  res.writeHead(error.status, { ...jsonHeaders, ...headers, 'content-length': body.length });
  res.end(body);
}

import { decodeStrictUtf8 } from './strict-utf8';

/**
 * Reads a response body as UTF-8 text, giving up as soon as it passes `maxBytes`, so a
 * runaway or hostile answer cannot fill the till's memory:
 * - a Content-Length above the cap is refused before any of the body is read;
 * - a body with a Content-Length within the cap is read whole (the HTTP parser stops at
 *   the declared length, so it cannot grow past it) - the fast path for normal answers;
 * - a body without one (chunked) is read chunk by chunk and cancelled once past the cap.
 * The caller's deadline is enforced by fetch-exchange.ts, not here. (Used by the fetch
 * transport only; node-http-exchange.ts applies the same rules to a node:http response.)
 */

export type CappedBody =
  { ok: true; text: string } | { ok: false; reason: 'too-large' | 'not-utf8' };

/** Not `async`: the usual answer (a Content-Length within the cap) costs one promise, not three. */
export function readCappedBody(response: Response, maxBytes: number): Promise<CappedBody> {
  const declaredText = response.headers.get('content-length');
  const declared =
    declaredText !== null && /^\d{1,15}$/.test(declaredText.trim())
      ? Number(declaredText)
      : undefined;
  if (declared !== undefined && declared > maxBytes) return refuse(response);
  if (!response.body) return Promise.resolve(decode(new Uint8Array(0)));
  return declared !== undefined
    ? response.arrayBuffer().then((buffer) => readWhole(buffer, maxBytes))
    : readChunks(response.body, maxBytes);
}

async function refuse(response: Response): Promise<CappedBody> {
  await response.body?.cancel().catch(() => undefined);
  return { ok: false, reason: 'too-large' };
}

function readWhole(buffer: ArrayBuffer, maxBytes: number): CappedBody {
  // Only a fetch double could hand over more than it declared; the cap holds anyway.
  if (buffer.byteLength > maxBytes) return { ok: false, reason: 'too-large' };
  return decode(new Uint8Array(buffer));
}

async function readChunks(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<CappedBody> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, reason: 'too-large' };
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return decode(chunks[0] as Uint8Array);
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return decode(bytes);
}

function decode(bytes: Uint8Array): CappedBody {
  const text = decodeStrictUtf8(bytes);
  return text === undefined ? { ok: false, reason: 'not-utf8' } : { ok: true, text };
}

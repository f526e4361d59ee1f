/**
 * Reads a response body as UTF-8 text, giving up as soon as it passes `maxBytes`, so a
 * runaway or hostile answer cannot fill the till's memory:
 * - a Content-Length above the cap is refused before any of the body is read;
 * - a body with a Content-Length within the cap is read whole (the HTTP parser stops at
 *   the declared length, so it cannot grow past it) - the fast path for normal answers;
 * - a body without one (chunked) is read chunk by chunk and cancelled once past the cap.
 * The caller's deadline is enforced by http-exchange.ts, not here.
 */
export type CappedBody =
  { ok: true; text: string } | { ok: false; reason: 'too-large' | 'not-utf8' };

/** Stateless when not streaming, so one instance serves every call. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

export async function readCappedBody(response: Response, maxBytes: number): Promise<CappedBody> {
  const declaredText = response.headers.get('content-length');
  const declared =
    declaredText !== null && /^\d{1,15}$/.test(declaredText.trim())
      ? Number(declaredText)
      : undefined;
  if (declared !== undefined && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return { ok: false, reason: 'too-large' };
  }
  if (!response.body) return decode(new Uint8Array(0));
  return declared !== undefined
    ? readWhole(response, maxBytes)
    : readChunks(response.body, maxBytes);
}

async function readWhole(response: Response, maxBytes: number): Promise<CappedBody> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  // Only a fetch double could hand over more than it declared; the cap holds anyway.
  if (bytes.byteLength > maxBytes) return { ok: false, reason: 'too-large' };
  return decode(bytes);
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
  try {
    return { ok: true, text: utf8.decode(bytes) };
  } catch {
    return { ok: false, reason: 'not-utf8' };
  }
}

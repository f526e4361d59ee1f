import type { Clock } from '../../shared/clock';
import { trustOsCertificates } from '../network/os-certificates';

/** A provider request gives up after this, on the Clock: body included. */
export const REQUEST_DEADLINE_MS = 5_000;
/** More than this is refused as it arrives, never buffered whole. */
export const MAX_PROVIDER_BYTES = 256 * 1024;

/**
 * One GET to the rate provider: its body as text, or why there is none, as a clause for the
 * cashier ("the rate provider did not answer in time"). Never throws. Redirects are refused (IT named this
 * address, not another), and the URL is never logged or returned (it may carry a key).
 */
export async function askProvider(
  url: string,
  clock: Clock,
  fetcher: typeof fetch,
): Promise<{ ok: true; text: string } | { ok: false; reason: string }> {
  // Before this process's first TLS handshake (fetch reads Node's default CA list).
  if (url.startsWith('https:')) trustOsCertificates();
  const abort = new AbortController();
  const cancelDeadline = clock.at(clock.now() + REQUEST_DEADLINE_MS, () => abort.abort());
  try {
    const response = await fetcher(url, {
      signal: abort.signal,
      redirect: 'error',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return { ok: false, reason: `the rate provider answered HTTP ${response.status}` };
    }
    const text = await readCapped(response);
    if (text === null) return { ok: false, reason: "the rate provider's answer is too large" };
    return { ok: true, text };
  } catch {
    return {
      ok: false,
      reason: abort.signal.aborted
        ? 'the rate provider did not answer in time'
        : 'the rate provider could not be reached',
    };
  } finally {
    cancelDeadline();
  }
}

/** The body as UTF-8 text, or null past the cap (Content-Length is not trusted to be there). */
async function readCapped(response: Response): Promise<string | null> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > MAX_PROVIDER_BYTES) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}

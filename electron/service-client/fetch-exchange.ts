import type { ExchangeLimits, ExchangeOutcome, ExchangeRequest } from './exchange';
import { classifyNetworkError } from './network-error';
import { readCappedBody } from './read-capped-body';

export interface FetchExchangeDeps extends ExchangeLimits {
  fetch: typeof fetch;
}

/**
 * The fetch transport, used when the host injects a `fetch` (unit tests with a stub fetch,
 * or a host that only has fetch); production uses node-http-exchange.ts.
 *
 * One request with a deadline from the injected Clock (tests move a ManualClock; nothing
 * sleeps). The deadline covers connecting, waiting and reading the whole body. Errors from
 * fetch are reduced to codes here and dropped: they may reference the request's headers.
 */
export async function exchange(
  request: ExchangeRequest,
  deps: FetchExchangeDeps,
): Promise<ExchangeOutcome> {
  const controller = new AbortController();
  let timedOut = false;
  /** Set while the body is read: the deadline ends the read even if the body ignores the signal. */
  let stopBody: (() => void) | undefined;
  const cancelTimer = deps.clock.at(deps.clock.now() + deps.timeoutMs, () => {
    timedOut = true;
    controller.abort();
    stopBody?.();
  });
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Authorization: `Bearer ${request.token}`,
  };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    let response: Response;
    try {
      response = await deps.fetch(request.url, {
        method: request.method,
        headers,
        body: request.body,
        signal: controller.signal,
        // A redirect is not part of the interface; following one could replay a POST or
        // carry the token elsewhere. 3xx is read as an unexpected answer instead.
        redirect: 'manual',
      });
    } catch (error) {
      if (timedOut) return { type: 'timeout' };
      const network = classifyNetworkError(error);
      return network.phase === 'not-connected'
        ? { type: 'not-connected', code: network.code }
        : { type: 'interrupted', code: network.code };
    }
    if (timedOut) {
      // The deadline passed between the headers arriving and this line running.
      void response.body?.cancel().catch(() => undefined);
      return { type: 'timeout' };
    }
    try {
      const body = await new Promise<Awaited<ReturnType<typeof readCappedBody>>>(
        (resolve, reject) => {
          stopBody = () => {
            void response.body?.cancel().catch(() => undefined);
            reject(new Error('deadline passed while reading the body'));
          };
          readCappedBody(response, deps.maxResponseBytes).then(resolve, reject);
        },
      );
      if (!body.ok) {
        // We stopped reading early: abort so the connection is closed, not left half-read.
        // (Never abort after a complete read: undici would then drop a reusable connection.)
        controller.abort();
        return { type: 'unreadable', status: response.status, reason: body.reason };
      }
      return { type: 'response', status: response.status, text: body.text };
    } catch (error) {
      if (timedOut) return { type: 'timeout' };
      // The headers arrived, so the request was sent: the body broke off.
      return { type: 'interrupted', code: classifyNetworkError(error).code };
    }
  } finally {
    cancelTimer();
  }
}

/** A fetch double for what real HTTP cannot show (exact error codes, broken streams). */

export interface StubCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal | undefined;
}

export type StubReply =
  Response | Error | 'hang' | ((call: StubCall) => Response | Promise<Response>);

export function stubFetch(replies: StubReply[] | ((call: StubCall, index: number) => StubReply)) {
  const calls: StubCall[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const call: StubCall = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers,
      body: typeof init?.body === 'string' ? init.body : undefined,
      signal: init?.signal ?? undefined,
    };
    const index = calls.length;
    calls.push(call);
    const reply =
      typeof replies === 'function'
        ? replies(call, index)
        : replies[Math.min(index, replies.length - 1)];
    if (reply === undefined) throw new Error('stub fetch: no reply scripted');
    if (reply === 'hang') return hang(call.signal);
    if (reply instanceof Error) throw reply;
    if (typeof reply === 'function') return reply(call);
    // A clone, so a scripted reply can answer more than one call.
    return reply.clone();
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

/** Never settles until the signal aborts, like a server that never answers. */
function hang(signal: AbortSignal | undefined): Promise<Response> {
  return new Promise((_resolve, reject) => {
    signal?.addEventListener('abort', () =>
      reject(new DOMException('This operation was aborted', 'AbortError')),
    );
  });
}

export function json(
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(value), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function ok(data: unknown): Response {
  return json(200, { data, errors: [], msg: '', error_code: '' });
}

export function failure(status: number, msg: string, code: string): Response {
  return json(status, { data: null, errors: [{ code }], msg, error_code: code });
}

/** undici's shape: TypeError('fetch failed') with the system error as cause. */
export function networkError(code: string, message = `connect ${code}`): TypeError {
  const cause = Object.assign(new Error(message), { code });
  return new TypeError('fetch failed', { cause });
}

/** A body that sends some bytes and then breaks, like a connection lost mid-answer. */
export function brokenBody(status = 200, code = 'UND_ERR_SOCKET'): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"data":['));
      controller.error(
        new TypeError('terminated', {
          cause: Object.assign(new Error('other side closed'), { code }),
        }),
      );
    },
  });
  return new Response(stream, { status, headers: { 'content-type': 'application/json' } });
}

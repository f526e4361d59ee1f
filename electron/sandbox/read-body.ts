import type { IncomingMessage } from 'node:http';

/** The request body as text, or 'too-large' once it passes `limit` bytes. */
export function readBody(req: IncomingMessage, limit: number): Promise<string | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        resolve('too-large');
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!tooLarge)
        resolve(
          chunks.length === 1
            ? (chunks[0] as Buffer).toString('utf8')
            : Buffer.concat(chunks).toString('utf8'),
        );
    });
    req.on('error', reject);
  });
}

export type ParsedBody =
  { kind: 'empty' } | { kind: 'json'; value: unknown } | { kind: 'invalid'; raw: string };

/** Parsed once per request: the record and the validator share the result. */
export function parseBody(raw: string): ParsedBody {
  if (raw.trim() === '') return { kind: 'empty' };
  try {
    return { kind: 'json', value: JSON.parse(raw) as unknown };
  } catch {
    return { kind: 'invalid', raw };
  }
}

/** What requests() shows: the parsed JSON, the raw text when it was not JSON, undefined when empty. */
export function recordedBody(body: ParsedBody): unknown {
  if (body.kind === 'json') return body.value;
  if (body.kind === 'invalid') return body.raw;
  return undefined;
}

import { timingSafeEqual } from 'node:crypto';
import type { EnvelopeError } from './envelope-replies';

/** API 5.1: `Authorization: Bearer <token>`. Returns the 401 to answer, or undefined when allowed. */
export function checkBearer(
  header: string | undefined,
  expected: Buffer,
): EnvelopeError | undefined {
  if (header === undefined || header === '') {
    return {
      status: 401,
      code: 'UNAUTHORIZED',
      msg: 'Missing API token: send Authorization: Bearer <token>.',
    };
  }
  const match = /^Bearer ([^\s]+)$/.exec(header);
  const given = match ? Buffer.from(match[1] as string, 'utf8') : undefined;
  // Constant-time compare: the sandbox should not teach the app to tolerate a leaky server.
  if (!given || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { status: 401, code: 'INVALID_TOKEN', msg: 'The API token is not valid.' };
  }
  return undefined;
}

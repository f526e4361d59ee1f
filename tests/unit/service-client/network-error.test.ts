import { describe, expect, it } from 'vitest';
import {
  classifyNetworkError,
  networkCodeOf,
} from '../../../electron/service-client/network-error';

const sys = (code: string) => Object.assign(new Error(code), { code });
const fetchFailed = (cause: unknown) => new TypeError('fetch failed', { cause });

describe('classifyNetworkError (undici cause codes)', () => {
  it.each([
    'ECONNREFUSED',
    'ENOTFOUND',
    'EAI_AGAIN',
    'EHOSTUNREACH',
    'ENETUNREACH',
    'UND_ERR_CONNECT_TIMEOUT',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
  ])('%s happens before sending', (code) => {
    expect(classifyNetworkError(fetchFailed(sys(code)))).toEqual({ phase: 'not-connected', code });
  });

  it.each(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'UND_ERR_CLOSED'])(
    '%s may come after sending',
    (code) => {
      expect(classifyNetworkError(fetchFailed(sys(code)))).toEqual({ phase: 'interrupted', code });
    },
  );

  it('finds the code deeper in the cause chain and in an AggregateError', () => {
    expect(
      classifyNetworkError(fetchFailed(new Error('wrap', { cause: sys('ECONNREFUSED') }))),
    ).toEqual({ phase: 'not-connected', code: 'ECONNREFUSED' });
    expect(
      classifyNetworkError(
        fetchFailed(new AggregateError([sys('ECONNREFUSED'), sys('ENETUNREACH')])),
      ),
    ).toEqual({
      phase: 'not-connected',
      code: 'ECONNREFUSED',
    });
    expect(
      classifyNetworkError(
        fetchFailed(new AggregateError([sys('ECONNREFUSED'), sys('ECONNRESET')])),
      ),
    ).toEqual({
      phase: 'interrupted',
      code: 'ECONNRESET',
    });
  });

  it('treats anything without a code as possibly sent, and ignores codes that are not identifiers', () => {
    expect(classifyNetworkError(new TypeError('fetch failed'))).toEqual({
      phase: 'interrupted',
      code: undefined,
    });
    expect(classifyNetworkError('boom')).toEqual({ phase: 'interrupted', code: undefined });
    expect(
      classifyNetworkError(fetchFailed({ code: 'Bearer 5a4d8c1e0b7f4a2e9c6d3b1a8f7e6d5c' })),
    ).toEqual({ phase: 'interrupted', code: undefined });
  });
});

describe('networkCodeOf (the code for the log, node:http errors)', () => {
  it('reads the code of an error, its cause or an AggregateError, and nothing else', () => {
    expect(networkCodeOf(sys('ECONNRESET'))).toBe('ECONNRESET');
    expect(networkCodeOf(new AggregateError([sys('ECONNREFUSED'), sys('ECONNREFUSED')]))).toBe(
      'ECONNREFUSED',
    );
    expect(networkCodeOf(new Error('socket hang up'))).toBeUndefined();
    expect(networkCodeOf({ code: 'Bearer 5a4d8c1e0b7f4a2e9c6d3b1a8f7e6d5c' })).toBeUndefined();
  });
});

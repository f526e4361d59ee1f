import { describe, expect, it } from 'vitest';
import {
  createJsonLinesLogger,
  redact,
  redactText,
  REDACTED,
  silentLogger,
} from '../../../electron/logging/logger';
import { ManualClock } from '../../support/manual-clock';

const TOKEN = '5a4d8c1e0b7f4a2e9c6d3b1a8f7e6d5c';

describe('redact', () => {
  it('masks bearer values, 32-hex tokens and the given secrets in text', () => {
    expect(redactText(`Authorization: Bearer ${TOKEN}`)).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redactText(`bearer abc.def-ghi, next`)).toBe(`Bearer ${REDACTED}, next`);
    expect(redactText(`token=${TOKEN.toUpperCase()}&x=1`)).toBe(`token=${REDACTED}&x=1`);
    expect(redactText('my secret is pa55word-long', ['pa55word-long'])).toBe(
      `my secret is ${REDACTED}`,
    );
  });

  it('leaves ordinary values alone: UUIDs, 40-hex addresses, amounts, short "secrets"', () => {
    const text =
      'order 0190b7a4-8c1d-7f00-9a3e-1b2c3d4e5f60 to 0x55d398326f99059fF775485246999027B3197955 for 12.5';
    expect(redactText(text, ['12.5'])).toBe(text);
  });

  it('walks objects and arrays, masks secret-named fields, reduces errors, cuts cycles', () => {
    const error = Object.assign(
      new Error(`failed with Bearer ${TOKEN}`, { cause: { headers: { authorization: TOKEN } } }),
      {
        code: 'ECONNRESET',
      },
    );
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const out = redact({
      endpoint: 'chain',
      nested: [{ msg: `echo ${TOKEN}` }],
      Authorization: 'anything',
      token: 'whatever',
      error,
      cyclic,
      big: 10n,
      fn: () => 1,
    });
    expect(out).toEqual({
      endpoint: 'chain',
      nested: [{ msg: `echo ${REDACTED}` }],
      Authorization: REDACTED,
      token: REDACTED,
      error: { name: 'Error', message: `failed with Bearer ${REDACTED}`, code: 'ECONNRESET' },
      cyclic: { name: 'loop', self: '[omitted]' },
      big: '10',
      fn: undefined,
    });
    expect(JSON.stringify(out)).not.toContain(TOKEN);
  });
});

describe('JSON-lines logger', () => {
  it('writes one redacted JSON object per line with time, level, scope and fields', () => {
    const lines: [string, string][] = [];
    const logger = createJsonLinesLogger({
      write: (line, level) => lines.push([line, level]),
      clock: new ManualClock(),
      scope: 'service-client',
    });
    logger.info('request ok', { endpoint: 'chain', httpStatus: 200 });
    logger.error(`failed for Bearer ${TOKEN}`, {
      serviceMessage: `bad token ${TOKEN}`,
      level: 'spoofed',
    });
    expect(lines.map(([, level]) => level)).toEqual(['info', 'error']);
    expect(lines.every(([line]) => !line.includes('\n'))).toBe(true);
    expect(JSON.parse(lines[0]?.[0] ?? '')).toEqual({
      time: '2026-11-22T09:00:00.000Z',
      level: 'info',
      scope: 'service-client',
      message: 'request ok',
      endpoint: 'chain',
      httpStatus: 200,
    });
    const second = JSON.parse(lines[1]?.[0] ?? '') as Record<string, unknown>;
    expect(second.level).toBe('error');
    expect(lines[1]?.[0]).not.toContain(TOKEN);
    expect(second.serviceMessage).toBe(`bad token ${REDACTED}`);
  });

  it('the silent logger accepts every call and writes nothing', () => {
    expect(() => {
      silentLogger.info('x', { a: 1 });
      silentLogger.warn('x');
      silentLogger.error('x');
    }).not.toThrow();
  });
});

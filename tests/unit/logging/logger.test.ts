import { describe, expect, it, vi } from 'vitest';
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

  it('without a write option, info goes to stdout and warnings and errors to stderr, one line each', () => {
    const { stdout, stderr } = captureProcessOutput(() => {
      const logger = createJsonLinesLogger({ clock: new ManualClock(), scope: 'default-sink' });
      logger.info('started', { token: TOKEN });
      logger.warn('slow');
      logger.error(`failed for Bearer ${TOKEN}`);
    });
    expect(stdout).toHaveLength(1);
    expect(stderr).toHaveLength(2);
    for (const line of [...stdout, ...stderr]) {
      expect(line.endsWith('\n')).toBe(true);
      expect(line.slice(0, -1)).not.toContain('\n');
      expect(line).not.toContain(TOKEN);
    }
    expect(JSON.parse(stdout[0] ?? '')).toEqual({
      time: '2026-11-22T09:00:00.000Z',
      level: 'info',
      scope: 'default-sink',
      message: 'started',
      token: REDACTED,
    });
    expect(stderr.map((line) => (JSON.parse(line) as { level: string }).level)).toEqual([
      'warn',
      'error',
    ]);
  });

  it('the silent logger writes nothing anywhere, whatever it is given', () => {
    const { stdout, stderr } = captureProcessOutput(() => {
      expect(silentLogger.info('x', { a: 1, token: TOKEN })).toBeUndefined();
      expect(silentLogger.warn(`Bearer ${TOKEN}`)).toBeUndefined();
      expect(silentLogger.error('x', { error: new Error('boom') })).toBeUndefined();
    });
    expect(stdout).toEqual([]);
    expect(stderr).toEqual([]);
  });
});

/**
 * Runs `body` with process.stdout/stderr writes captured instead of printed. Synchronous, so
 * nothing else (the test runner's own output) can land in the capture meanwhile.
 */
function captureProcessOutput(body: () => void): { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const out = vi
    .spyOn(process.stdout, 'write')
    .mockImplementation((chunk: string | Uint8Array) => stdout.push(String(chunk)) > 0);
  const err = vi
    .spyOn(process.stderr, 'write')
    .mockImplementation((chunk: string | Uint8Array) => stderr.push(String(chunk)) > 0);
  try {
    body();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return { stdout, stderr };
}

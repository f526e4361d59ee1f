import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileLog } from '../../../electron/logging/file-log';
import { logFileNames } from '../../../electron/logging/log-archives';
import { createJsonLinesLogger, teeLines } from '../../../electron/logging/logger';
import { ManualClock } from '../../support/manual-clock';

// Real files in a temp folder, written through electron-log's file transport.
const API_TOKEN = '0123456789abcdef0123456789abcdef';
const PAYMENT_TOKEN = 'f47ac10b-58cc-4372-a567-0e02b2c3d479';
const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'counter-file-log-'));
  dirs.push(dir);
  return dir;
}

function linesOf(path: string): Record<string, unknown>[] {
  return readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('file log', () => {
  it('writes the same redacted JSON line the stdout logger writes, read back from the file', () => {
    const logDir = tempDir();
    const file = createFileLog({ logDir });
    const stdout: string[] = [];
    const logger = createJsonLinesLogger({
      scope: 'service-client',
      clock: new ManualClock(Date.UTC(2025, 0, 2, 3, 4, 5)),
      write: teeLines((line) => stdout.push(line), file.write),
    });

    logger.warn(`request failed with Bearer ${API_TOKEN}`, {
      token: PAYMENT_TOKEN,
      header: `authorization: Bearer ${API_TOKEN}`,
      detail: { apiToken: API_TOKEN, note: `nfc token ${PAYMENT_TOKEN} refused: ${API_TOKEN}` },
    });

    const text = readFileSync(join(logDir, 'main.log'), 'utf8');
    expect(text).not.toContain(API_TOKEN);
    expect(text).not.toContain(PAYMENT_TOKEN);
    expect(text.trimEnd()).toBe(stdout[0]);
    expect(linesOf(join(logDir, 'main.log'))).toEqual([
      {
        time: '2025-01-02T03:04:05.000Z',
        level: 'warn',
        scope: 'service-client',
        message: 'request failed with Bearer [redacted]',
        token: '[redacted]',
        header: 'authorization: Bearer [redacted]',
        detail: { apiToken: '[redacted]', note: 'nfc token [redacted] refused: [redacted]' },
      },
    ]);
  });

  it('puts the lines of every part of the till in one file, in order', () => {
    const logDir = tempDir();
    const file = createFileLog({ logDir });
    const loggerFor = (scope: string) => createJsonLinesLogger({ scope, write: file.write });

    loggerFor('main').info('started');
    loggerFor('nfc').warn('nfc reader process exited', { code: 1 });
    loggerFor('renderer').error('page error', { page: 'cashier', message: 'boom' });

    expect(readdirSync(logDir)).toEqual(['main.log']);
    expect(linesOf(join(logDir, 'main.log')).map((line) => [line.scope, line.level])).toEqual([
      ['main', 'info'],
      ['nfc', 'warn'],
      ['renderer', 'error'],
    ]);
  });

  it('keeps exactly the last N archives, newest first, each within the size cap', () => {
    const logDir = tempDir();
    const maxBytes = 1000;
    const keep = 3;
    const file = createFileLog({ logDir, maxBytes, keep });
    const logger = createJsonLinesLogger({ scope: 'main', write: file.write });
    let longest = 0;
    for (let n = 1; n <= 200; n += 1) {
      logger.info('sale step', { n, filler: 'x'.repeat(40) });
    }
    for (const name of readdirSync(logDir)) {
      for (const line of readFileSync(join(logDir, name), 'utf8').split('\n')) {
        longest = Math.max(longest, Buffer.byteLength(line) + 1);
      }
    }

    // The live file and exactly `keep` archives: the oldest were dropped.
    expect(readdirSync(logDir).sort()).toEqual(logFileNames(keep).sort());
    for (const name of logFileNames(keep)) {
      // Archived once past the cap, so at most the cap plus the one line that crossed it.
      expect(statSync(join(logDir, name)).size).toBeLessThanOrEqual(maxBytes + longest);
    }
    // main.log holds the newest lines, then main.1.log, main.2.log …, with no gap or overlap.
    const numbers = logFileNames(keep)
      .reverse()
      .flatMap((name) => linesOf(join(logDir, name)).map((line) => line.n as number));
    expect(numbers.at(-1)).toBe(200);
    expect(numbers).toEqual(
      Array.from({ length: numbers.length }, (_, i) => 200 - numbers.length + 1 + i),
    );
    // Full archives were dropped: far fewer lines than were written survive.
    expect(numbers.length).toBeLessThan(200);
    // Each archive was (nearly) full when it was rotated: nothing is archived early.
    for (const name of logFileNames(keep).slice(1)) {
      expect(statSync(join(logDir, name)).size).toBeGreaterThan(maxBytes - 2 * longest);
    }
  });

  it('cuts a runaway line instead of letting it fill the file', () => {
    const logDir = tempDir();
    const file = createFileLog({ logDir });
    file.write('y'.repeat(100_000), 'info');
    expect(statSync(join(logDir, 'main.log')).size).toBeLessThan(20_000);
  });
});

import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NsisUpdater } from 'electron-updater';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UpdateStatus } from '../../../shared/update-status';
import { createJsonLinesLogger } from '../../../electron/logging/logger';
import { updateFeedOf } from '../../../electron/update/update-feed';
import { createUpdateService, type Updater } from '../../../electron/update/update-service';
import { ManualClock } from '../../support/manual-clock';
import { NodeUpdateExecutor } from '../../support/node-update-executor';

// electron-updater's own NsisUpdater, against a real feed on loopback: the checksum,
// version and download checks are the library's, the decisions around them are ours.

const RUNNING_VERSION = '0.1.0';
const INSTALLER = Buffer.alloc(64 * 1024, 'counter-installer-0.2.0');

interface Feed {
  version: string;
  /** The bytes the installer's sha512 in latest.yml is computed over. */
  claimed: Buffer;
  /** What the server actually sends (a truncated body ends the response early). */
  served: Buffer;
  truncate?: boolean;
}

let dir: string;
let server: Server;
let origin: string;
let feed: Feed;
let requests: string[];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'update-'));
  requests = [];
  feed = { version: '0.2.0', claimed: INSTALLER, served: INSTALLER };
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://feed').pathname;
    requests.push(path);
    if (/^\/latest[^/]*\.yml$/.test(path)) {
      const sha512 = createHash('sha512').update(feed.claimed).digest('base64');
      const file = `Counter-Setup-${feed.version}.exe`;
      response.end(
        `version: ${feed.version}\nfiles:\n  - url: ${file}\n    sha512: ${sha512}\n    size: ${feed.claimed.length}\npath: ${file}\nsha512: ${sha512}\nreleaseDate: '2026-11-20T10:00:00.000Z'\n`,
      );
      return;
    }
    if (path.endsWith('.exe')) {
      response.writeHead(200, { 'content-length': String(feed.served.length) });
      if (feed.truncate) {
        response.write(feed.served.subarray(0, feed.served.length / 2));
        response.destroy();
        return;
      }
      response.end(feed.served);
      return;
    }
    response.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

function updaterFor(options: { publisherName?: string; verdict?: string | null } = {}) {
  const configPath = join(dir, 'app-update.yml');
  writeFileSync(
    configPath,
    // As electron-builder writes it into the packaged app's resources.
    `provider: generic\nurl: ${origin}\nupdaterCacheDirName: counter-updater\n${options.publisherName ? `publisherName:\n  - ${options.publisherName}\n` : ''}`,
  );
  const executor = new NodeUpdateExecutor();
  const updater = new NsisUpdater(null, {
    version: RUNNING_VERSION,
    name: 'Counter',
    isPackaged: true,
    appUpdateConfigPath: configPath,
    userDataPath: join(dir, 'user-data'),
    baseCachePath: join(dir, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  });
  // The seam electron-updater's own tests use: Node's http instead of Electron's net.
  (updater as unknown as { httpExecutor: NodeUpdateExecutor }).httpExecutor = executor;
  updater.logger = null;
  if (options.verdict !== undefined) {
    const verdict = options.verdict;
    updater.verifyUpdateCodeSignature = () => Promise.resolve(verdict);
  }
  return updater;
}

function run(
  updater: Updater | undefined,
  feedUrl = origin,
  load: (updater: Updater) => Updater | Promise<Updater> = (made) => made,
) {
  const lines: string[] = [];
  const made: Updater[] = [];
  const clock = new ManualClock(Date.parse('2026-11-25T08:00:00Z'));
  const service = createUpdateService({
    feed: updateFeedOf({ updateFeedUrl: updater ? feedUrl : '', updateChannel: 'latest' }),
    createUpdater: () => {
      made.push(updater!);
      return load(updater!);
    },
    clock,
    logger: createJsonLinesLogger({ write: (line) => lines.push(line) }),
  });
  const settled = new Promise<UpdateStatus>((resolve) => {
    service.onChange((status) => {
      if (['ready', 'failed', 'current'].includes(status.kind)) resolve(status);
    });
  });
  service.start();
  return { service, settled, lines, made, clock };
}

describe('updates from the feed IT names', () => {
  it('stages a good update, verified, to install when the app closes', async () => {
    const updater = updaterFor();
    const { settled, lines, service } = run(updater);
    await expect(settled).resolves.toEqual({ kind: 'ready', version: '0.2.0' });
    expect(updater.autoInstallOnAppQuit).toBe(true);
    expect(lines.join('\n')).toContain('installs when the app closes');
    // The installer on disk is the one the feed's checksum names.
    const staged = join(dir, 'cache', 'counter-updater', 'pending', 'Counter-Setup-0.2.0.exe');
    expect(existsSync(staged)).toBe(true);
    expect(readFileSync(staged).equals(INSTALLER)).toBe(true);
    expect(requests.some((url) => url.endsWith('.yml'))).toBe(true);
    service.stop();
  });

  it('refuses a download whose checksum does not match, with the reason logged', async () => {
    feed.served = Buffer.alloc(INSTALLER.length, 'something else');
    const { settled, lines } = run(updaterFor());
    const status = await settled;
    expect(status).toMatchObject({ kind: 'failed' });
    expect(status.kind === 'failed' && status.reason).toContain('checksum');
    expect(lines.join('\n')).toMatch(/update: refused.*sha512 checksum mismatch/);
    expect(
      existsSync(join(dir, 'cache', 'counter-updater', 'pending', 'Counter-Setup-0.2.0.exe')),
    ).toBe(false);
  });

  it('refuses a truncated download', async () => {
    feed.truncate = true;
    const { settled, lines } = run(updaterFor());
    await expect(settled).resolves.toMatchObject({ kind: 'failed' });
    expect(lines.join('\n')).toContain('update: refused');
    expect(
      existsSync(join(dir, 'cache', 'counter-updater', 'pending', 'Counter-Setup-0.2.0.exe')),
    ).toBe(false);
  });

  it('refuses a version older than the running one and downloads nothing', async () => {
    feed.version = '0.0.9';
    const { settled, lines } = run(updaterFor());
    await expect(settled).resolves.toEqual({ kind: 'current' });
    expect(lines.join('\n')).toMatch(/update: none to install.*0\.0\.9/);
    expect(requests.some((url) => url.endsWith('.exe'))).toBe(false);
  });

  it('refuses an installer not signed by the publisher the app was signed by', async () => {
    const { settled, lines } = run(
      updaterFor({ publisherName: 'CounterApp', verdict: 'publisher is Somebody Else' }),
    );
    const status = await settled;
    expect(status.kind === 'failed' && status.reason).toContain('not signed');
    expect(lines.join('\n')).toContain('publisher is Somebody Else');
  });

  it('loads the updater only once started, as the app does (electron-updater imported then)', async () => {
    const updater = updaterFor();
    const { settled, service, made } = run(updater, origin, async (made) => {
      await new Promise((resolve) => setImmediate(resolve));
      return made;
    });
    expect(made).toEqual([updater]);
    await expect(settled).resolves.toEqual({ kind: 'ready', version: '0.2.0' });
    service.stop();
  });

  it('reports an updater that cannot be loaded in words and keeps the till working', async () => {
    const { settled, lines } = run(updaterFor(), origin, () =>
      Promise.reject(new Error('Cannot find module electron-updater')),
    );
    const status = await settled;
    expect(status).toMatchObject({ kind: 'failed' });
    expect(status.kind === 'failed' && status.reason).toContain('The till keeps working');
    expect(lines.join('\n')).toMatch(/update: the updater could not be loaded.*Cannot find module/);
    expect(requests).toEqual([]);
  });

  it("logs a refusal without the feed address's password, path or key that electron-updater quotes", async () => {
    const host = new URL(origin).host;
    const feedUrl = `http://feeduser:feedPassw0rd@${host}/private-feed/?token=feedToken0`;
    const { settled, lines } = run(updaterFor(), feedUrl);
    await expect(settled).resolves.toMatchObject({ kind: 'failed' });
    // The feed answered 404 to the address with its key: electron-updater quoted it whole.
    expect(requests).toEqual([expect.stringMatching(/^\/private-feed\/latest[^/]*\.yml$/)]);
    const log = lines.join('\n');
    expect(log).toContain('update: refused');
    expect(log).toContain('Cannot find channel');
    for (const secret of ['feeduser', 'feedPassw0rd', 'private-feed', 'feedToken0']) {
      expect(log, secret).not.toContain(secret);
    }
    // Where it failed is still there for IT: the feed's origin.
    expect(log).toContain(`${origin}/…`);
  });

  it('makes no request at all when the policy names no feed', async () => {
    const { service, made } = run(undefined);
    expect(service.status()).toEqual({ kind: 'off' });
    expect(made).toEqual([]);
    // Give any stray request time to arrive on the real server: none does.
    await new Promise((resolve) => setImmediate(resolve));
    expect(requests).toEqual([]);
  });

  it('looks again after four hours on the injected clock', async () => {
    feed.version = '0.0.9';
    const { settled, clock, service } = run(updaterFor());
    await settled;
    await service.idle();
    const checks = () => requests.filter((url) => url.endsWith('.yml')).length;
    const before = checks();
    const again = new Promise<void>((resolve) =>
      service.onChange((status) => status.kind === 'current' && resolve()),
    );
    clock.advance(4 * 60 * 60 * 1000);
    await again;
    expect(checks()).toBe(before + 1);
    service.stop();
  });
});

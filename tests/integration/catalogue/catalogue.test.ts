import { createServer, type Server, type ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../shared/clock';
import { AHEAD_FRESH_MS, Catalogue } from '../../../electron/catalogue/catalogue';
import { LogoFetcher } from '../../../electron/catalogue/logo-fetcher';
import { CatalogueStore } from '../../../electron/journal/catalogue-store';
import { SqliteOrderJournal } from '../../../electron/journal/sqlite-order-journal';
import { silentLogger } from '../../../electron/logging/logger';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/sandbox-server';
import { createServiceClient } from '../../../electron/service-client/payment-service-client';
import { ManualClock } from '../../support/manual-clock';

// The catalogue in main over real HTTP and a real SQLite journal: lists answer before any
// logo, and the last good lists outlive the app, so a hanging service never empties the pickers.
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A service whose chain list answers at once and whose logos never come until released. */
async function slowLogoService(): Promise<{ baseUrl: string; release: () => void }> {
  const held: ServerResponse[] = [];
  let released = false;
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';
  const answerLogo = (res: ServerResponse) =>
    res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(svg);
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/logos/')) {
      if (released) answerLogo(res);
      else held.push(res);
      return;
    }
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const data = Array.from({ length: 50 }, (_, n) => ({
      name: `CHAIN ${n + 1}`,
      chain_id: n + 1,
      logo: `${origin}/logos/${n + 1}.svg`,
    }));
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ data, errors: [], msg: '', error_code: '' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/cf-payment`,
    release: () => {
      released = true;
      for (const res of held.splice(0)) answerLogo(res);
    },
  };
}

function journalIn(dir: string): SqliteOrderJournal {
  const journal = new SqliteOrderJournal({ path: join(dir, 'journal.sqlite'), clock: systemClock });
  cleanups.push(() => journal.close());
  return journal;
}

function catalogueOf(
  sandbox: RunningSandbox,
  journal: SqliteOrderJournal,
  clock = systemClock,
  logoAllowed?: (url: string) => boolean,
) {
  const client = createServiceClient({
    baseUrl: sandbox.baseUrl,
    getToken: () => sandbox.token,
    clock,
    listDeadlineMs: 3_000,
  });
  return new Catalogue({
    client: () => client,
    serviceKey: () => 'demo',
    logos: new LogoFetcher(clock, silentLogger, { isDemo: () => true }),
    store: new CatalogueStore(journal.db, clock),
    ...(logoAllowed ? { logoAllowed } : {}),
  });
}

describe('the catalogue in main', () => {
  it('answers the chain list before any logo has loaded; logos come afterwards, per row', async () => {
    const service = await slowLogoService();
    const client = createServiceClient({
      baseUrl: service.baseUrl,
      getToken: () => '0123456789abcdef0123456789abcdef',
      clock: systemClock,
    });
    const catalogue = new Catalogue({
      client: () => client,
      serviceKey: () => null,
      logos: new LogoFetcher(new ManualClock(), silentLogger, { isDemo: () => true }),
      store: null,
    });
    // Every logo download is held by the server: the list must not wait for them.
    const chains = await catalogue.listChains();
    expect(chains).toHaveLength(50);
    expect(chains[0]).toEqual({ chainId: '1', name: 'CHAIN 1' });
    const logos = catalogue.chainLogos(['1', '2', '999']);
    service.release();
    const answered = await logos;
    expect(answered.map((row) => row.id)).toEqual(['1', '2', '999']);
    expect(answered[0]!.logo).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(answered[2]!.logo).toBeNull(); // not in the list
  });

  it('keeps the last good lists in the journal: after a restart they answer while the service hangs, and a sale resolves against them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalogue-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const sandbox = await startSandbox();
    cleanups.push(() => sandbox.close());

    // First run: the service answers, its lists are saved.
    const first = catalogueOf(sandbox, journalIn(dir));
    const fresh = await first.listChains();
    await first.listAssets('1');
    await new Promise((resolve) => setImmediate(resolve)); // the save follows the answer

    // Second run, the same journal file: the service accepts and never answers.
    sandbox.setFaults([{ endpoint: '*', hang: true }]);
    const clock = new ManualClock();
    // In demo mode only the running sandbox's logos are fetched: a saved list may name the
    // loopback port of an earlier one.
    const second = catalogueOf(sandbox, journalIn(dir), clock, (url) =>
      url.startsWith('http://127.0.0.1:1/'),
    );
    const before = sandbox.requests().length;
    expect(await second.savedChains()).toEqual(fresh);
    expect((await second.savedAssets('1'))?.map((asset) => asset.asset)).toContain('USDT');
    expect(await second.savedAssets('56')).toBeNull(); // never listed
    const { chain, asset } = await second.resolve('1', 'USDT');
    expect(chain.name).toBe('ETHEREUM');
    expect(asset.decimal).toBe(6);
    expect(sandbox.requests()).toHaveLength(before); // nothing asked of the hanging service
    expect(await second.chainLogos(['1'])).toEqual([{ id: '1', logo: null }]);

    // The fresh list gives up within its budget, on the clock; the saved one stays.
    const listing = second.listChains().catch((error: unknown) => error);
    await clock.armed();
    clock.advance(3_000);
    expect(await listing).toMatchObject({ kind: 'timeout' });
    expect(await second.savedChains()).toEqual(fresh);
  });
});

describe('the chain list loaded ahead, while the cashier page loads', () => {
  async function setup() {
    const sandbox = await startSandbox();
    cleanups.push(() => sandbox.close());
    const client = createServiceClient({
      baseUrl: sandbox.baseUrl,
      getToken: () => sandbox.token,
      clock: systemClock,
    });
    // The catalogue's own clock only dates the list loaded ahead; the requests run on real time.
    const clock = new ManualClock();
    const catalogue = new Catalogue({
      client: () => client,
      serviceKey: () => 'demo',
      logos: new LogoFetcher(systemClock, silentLogger, { isDemo: () => true }),
      store: null,
      clock,
    });
    const chainRequests = () =>
      sandbox.requests().filter((request) => request.endpoint === 'chain').length;
    return { sandbox, catalogue, clock, chainRequests };
  }

  it("answers the page's first request with it, without asking the service again; later requests ask afresh", async () => {
    const { catalogue, chainRequests } = await setup();
    await catalogue.loadChainsAhead();
    expect(chainRequests()).toBe(1);
    const first = await catalogue.listChains();
    expect(first.map((chain) => chain.name)).toContain('ETHEREUM');
    expect(chainRequests()).toBe(1);
    expect(await catalogue.listChains()).toEqual(first);
    expect(chainRequests()).toBe(2);
    // Loaded ahead, it is the list a sale is checked against too.
    expect((await catalogue.resolve('1', 'USDT')).chain.name).toBe('ETHEREUM');
  });

  it('a request made while it loads joins it: one request to the service', async () => {
    const { catalogue, chainRequests } = await setup();
    const ahead = catalogue.loadChainsAhead();
    const [listed] = await Promise.all([catalogue.listChains(), ahead]);
    expect(listed.length).toBeGreaterThan(0);
    expect(chainRequests()).toBe(1);
  });

  it('its failure is the answer of a request that joined it; the next request asks afresh', async () => {
    const { sandbox, catalogue, chainRequests } = await setup();
    sandbox.setFaults([{ endpoint: 'chain', status: 401, times: 1 }]);
    const ahead = catalogue.loadChainsAhead();
    await expect(catalogue.listChains()).rejects.toMatchObject({ kind: 'invalid-token' });
    await ahead; // never rejects
    expect((await catalogue.listChains()).length).toBeGreaterThan(0);
    expect(chainRequests()).toBe(2);
  });

  it('a failed one is not used: the page asks the service itself', async () => {
    const { sandbox, catalogue, chainRequests } = await setup();
    sandbox.setFaults([{ endpoint: 'chain', status: 401, times: 1 }]);
    await catalogue.loadChainsAhead();
    expect((await catalogue.listChains()).length).toBeGreaterThan(0);
    expect(chainRequests()).toBe(2);
  });

  it('one loaded longer ago than AHEAD_FRESH_MS is not used', async () => {
    const { catalogue, clock, chainRequests } = await setup();
    await catalogue.loadChainsAhead();
    clock.advance(AHEAD_FRESH_MS + 1);
    await catalogue.listChains();
    expect(chainRequests()).toBe(2);
  });

  it('does nothing while no service is set up', async () => {
    const catalogue = new Catalogue({
      client: () => {
        throw new Error('no client without a service');
      },
      serviceKey: () => null,
      logos: new LogoFetcher(systemClock, silentLogger, { isDemo: () => true }),
      store: null,
    });
    await expect(catalogue.loadChainsAhead()).resolves.toBeUndefined();
  });
});

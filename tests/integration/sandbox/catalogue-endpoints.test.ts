import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/sandbox-server';
import { envelopeSchema } from '../../../shared/wire/envelope';
import { chainListSchema } from '../../../shared/wire/chain';
import { assetListSchema } from '../../../shared/wire/asset';
import { envelopeError, getJson } from './sandbox-http';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

describe('GET /chain', () => {
  it('lists upper-case chains with integer ids and sandbox-served logo URLs', async () => {
    const answer = await getJson(sandbox, '/chain');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const envelope = envelopeSchema(chainListSchema).parse(answer.json);
    expect(envelope).toMatchObject({ errors: [], msg: '', error_code: '' });
    const byName = new Map(envelope.data.map((chain) => [chain.name, chain]));
    expect(byName.get('ETHEREUM')?.chain_id).toBe(1);
    expect(byName.get('BSC')?.chain_id).toBe(56);
    expect(byName.get('POLYGON')?.chain_id).toBe(137);
    expect(byName.has('SUI')).toBe(true);
    expect(byName.has('TRON')).toBe(true);
    for (const chain of envelope.data) {
      expect(chain.name).toBe(chain.name.toUpperCase());
      expect(
        (answer.json as { data: { chain_id: unknown }[] }).data.every((c) =>
          Number.isInteger(c.chain_id),
        ),
      ).toBe(true);
      expect(chain.logo.startsWith(`${sandbox.origin}/logos/`)).toBe(true);
    }
  });
});

describe('GET /asset', () => {
  it('gives each asset its own chain decimals: USDT has 6 on ETHEREUM and 18 on BSC', async () => {
    const ethereum = envelopeSchema(assetListSchema).parse(
      (await getJson(sandbox, '/asset?chain_id=1')).json,
    ).data;
    const bsc = envelopeSchema(assetListSchema).parse(
      (await getJson(sandbox, '/asset?chain_id=56')).json,
    ).data;
    expect(ethereum.find((asset) => asset.asset === 'USDT')).toMatchObject({
      chain: 'ETHEREUM',
      chain_id: 1,
      decimal: 6,
    });
    expect(bsc.find((asset) => asset.asset === 'USDT')).toMatchObject({
      chain: 'BSC',
      chain_id: 56,
      decimal: 18,
    });
    expect(ethereum.find((asset) => asset.asset === 'ETH')?.decimal).toBe(18);
  });

  it('lists every chain of the chain list with at least one asset, all pointing back at that chain', async () => {
    const chains = envelopeSchema(chainListSchema).parse(
      (await getJson(sandbox, '/chain')).json,
    ).data;
    for (const chain of chains) {
      const assets = envelopeSchema(assetListSchema).parse(
        (await getJson(sandbox, `/asset?chain_id=${chain.chain_id}`)).json,
      ).data;
      expect(assets.length).toBeGreaterThan(0);
      for (const asset of assets) {
        expect(asset).toMatchObject({ chain: chain.name, chain_id: chain.chain_id });
        expect(asset.logo.startsWith(`${sandbox.origin}/logos/`)).toBe(true);
      }
    }
  });

  it('has SUI with 9 decimals on the SUI chain', async () => {
    const chains = envelopeSchema(chainListSchema).parse(
      (await getJson(sandbox, '/chain')).json,
    ).data;
    const sui = chains.find((chain) => chain.name === 'SUI');
    const assets = envelopeSchema(assetListSchema).parse(
      (await getJson(sandbox, `/asset?chain_id=${sui?.chain_id}`)).json,
    ).data;
    expect(assets.find((asset) => asset.asset === 'SUI')?.decimal).toBe(9);
  });

  it.each([
    ['/asset', 'MISSING_FIELD', /chain_id is required/],
    ['/asset?chain_id=', 'MISSING_FIELD', /chain_id is required/],
    ['/asset?chain_id=abc', 'INVALID_CHAIN_ID', /whole number/],
    ['/asset?chain_id=-1', 'INVALID_CHAIN_ID', /whole number/],
    ['/asset?chain_id=999999', 'UNKNOWN_CHAIN', /999999 is not supported/],
  ])('%s answers 400 %s', async (path, code, msg) => {
    const answer = await getJson(sandbox, path);
    expect(answer.status).toBe(400);
    expect(envelopeError(answer).error_code).toBe(code);
    expect(envelopeError(answer).msg).toMatch(msg);
  });
});

describe('logos', () => {
  it('serves every logo the catalogue names, as SVG, without a token', async () => {
    const chains = envelopeSchema(chainListSchema).parse(
      (await getJson(sandbox, '/chain')).json,
    ).data;
    const assets = envelopeSchema(assetListSchema).parse(
      (await getJson(sandbox, '/asset?chain_id=1')).json,
    ).data;
    for (const logo of [
      ...chains.map((chain) => chain.logo),
      ...assets.map((asset) => asset.logo),
    ]) {
      const response = await fetch(logo);
      expect(response.status, logo).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      const svg = await response.text();
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg.length).toBeLessThan(2048);
    }
  });

  it('answers 404 for an unknown logo and for path tricks', async () => {
    for (const path of [
      '/logos/nope.svg',
      '/logos/..%2Fchain-bsc.svg',
      '/logos/chain-bsc.svg%00',
      '/logos/chain-bsc.png',
    ]) {
      const response = await fetch(`${sandbox.origin}${path}`);
      await response.text();
      expect(response.status, path).toBe(404);
    }
  });
});

describe('routing', () => {
  it('answers an envelope 404 for an unknown path under the base URL', async () => {
    const answer = await getJson(sandbox, '/nothing');
    expect(answer.status).toBe(404);
    expect(envelopeError(answer).error_code).toBe('NOT_FOUND');
  });

  it('answers 405 with Allow for the wrong method', async () => {
    const response = await fetch(`${sandbox.baseUrl}/chain`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.token}` },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect(((await response.json()) as { error_code: string }).error_code).toBe(
      'METHOD_NOT_ALLOWED',
    );
  });

  it('accepts a trailing slash on an endpoint', async () => {
    expect((await getJson(sandbox, '/chain/')).status).toBe(200);
  });
});

describe('the qr_url page', () => {
  it('serves a plain page for a sandbox link, escaping what the link carries', async () => {
    const response = await fetch(
      `${sandbox.origin}/app/qr-scan?&order_id=%3Cscript%3E&act=DEPOSIT`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('Sandbox wallet');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script>');
  });
});

describe('a big catalogue (config extraChains)', () => {
  it('lists that many generated chains after the sample ones, each with its own logo and one asset', async () => {
    sandbox.configure({ extraChains: 3 });
    try {
      const chains = envelopeSchema(chainListSchema).parse(
        (await getJson(sandbox, '/chain')).json,
      ).data;
      expect(chains.slice(-3).map((chain) => [chain.name, chain.chain_id])).toEqual([
        ['CHAIN 1', 1_000_001],
        ['CHAIN 2', 1_000_002],
        ['CHAIN 3', 1_000_003],
      ]);
      const assets = envelopeSchema(assetListSchema).parse(
        (await getJson(sandbox, '/asset?chain_id=1000002')).json,
      ).data;
      expect(assets).toEqual([
        {
          asset: 'TOK',
          chain: 'CHAIN 2',
          chain_id: 1_000_002,
          decimal: 6,
          logo: `${sandbox.origin}/logos/g2.svg`,
        },
      ]);
      const logo = await fetch(chains.at(-1)!.logo);
      expect(logo.headers.get('content-type')).toBe('image/svg+xml');
      expect(await logo.text()).toContain('<svg');
      // Beyond the count, a generated id is unknown again.
      expect((await getJson(sandbox, '/asset?chain_id=1000004')).status).toBe(400);
    } finally {
      sandbox.configure({ extraChains: 0 });
    }
    const back = envelopeSchema(chainListSchema).parse(
      (await getJson(sandbox, '/chain')).json,
    ).data;
    expect(back.some((chain) => chain.name.startsWith('CHAIN '))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { chainSchema } from '../../../shared/wire/chain';
import {
  LIST_CHUNK,
  parseListInChunks,
} from '../../../electron/service-client/parse-list-in-chunks';
import { createServiceClient } from '../../../electron/service-client/payment-service-client';
import { readListOutcome } from '../../../electron/service-client/read-outcome';
import { ServiceError } from '../../../electron/service-client/service-error';
import { ManualClock } from '../../support/manual-clock';
import { BASE_URL, TOKEN } from './fixtures';
import { ok, stubFetch } from './stub-fetch';

const COUNT = 10_000;

/** A 10 000-chain catalogue as the service sends it; chain ids as numbers, every tenth as digits. */
function chains(count = COUNT): { name: string; chain_id: number | string; logo: string }[] {
  return Array.from({ length: count }, (_, n) => ({
    name: `Chain ${n}`,
    chain_id: n % 10 === 0 ? String(100_000 + n) : 100_000 + n,
    logo: `https://pay.example.com/logos/c${n}.svg`,
  }));
}

const envelope = (data: unknown) => JSON.stringify({ data, errors: [], msg: '', error_code: '' });

/**
 * Counts the turns of main's event loop while `work` runs: a setImmediate callback that
 * re-arms itself runs once per turn, so it counts only if the work gives the loop back.
 */
async function loopTurnsDuring<T>(work: () => Promise<T>): Promise<{ turns: number; value: T }> {
  let turns = 0;
  let done = false;
  const tick = () => {
    if (done) return;
    turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  const value = await work();
  done = true;
  return { turns, value };
}

function clientWith(body: () => Response) {
  return createServiceClient({
    baseUrl: BASE_URL,
    getToken: () => TOKEN,
    clock: new ManualClock(),
    fetch: stubFetch([body]).fetch,
    getRetries: 0,
  });
}

async function failureOf(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${error}`);
  return error;
}

describe('a long list is checked in chunks that give main its event loop back', () => {
  it('parses 10 000 chains item by item, as strict as the list schema, yielding between chunks', async () => {
    const items = chains();
    const { turns, value } = await loopTurnsDuring(() => parseListInChunks(items, chainSchema));
    expect(value).toEqual({
      ok: true,
      items: items.map((item) => ({ ...item, chain_id: Number(item.chain_id) })),
    });
    // One turn of the loop between two chunks at least: other work ran meanwhile.
    expect(turns).toBeGreaterThanOrEqual(Math.ceil(COUNT / LIST_CHUNK) - 1);
  });

  it('a timer armed before the check runs before the check ends', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 0);
    await parseListInChunks(chains(), chainSchema).then(() => order.push('checked'));
    expect(order).toEqual(['timer', 'checked']);
  });

  it('stops at the first bad item and names its place', async () => {
    const items: unknown[] = chains();
    items[9_000] = { name: '', chain_id: 9_000, logo: 'x' };
    items[9_500] = { name: 'Also bad', chain_id: -1, logo: 'x' };
    expect(await parseListInChunks(items, chainSchema)).toEqual({ ok: false, index: 9_000 });
  });

  it("the client's reading of a 10 000-chain answer yields to the loop while it checks", async () => {
    const { turns, value } = await loopTurnsDuring(() =>
      readListOutcome(
        { type: 'response', status: 200, text: envelope(chains()) },
        'GET',
        chainSchema,
      ),
    );
    expect(value.ok && value.data.length).toBe(COUNT);
    expect(turns).toBeGreaterThanOrEqual(Math.ceil(COUNT / LIST_CHUNK) - 1);
  });

  it('a malformed chain at place 9 000 fails the whole list with the same clear error as a wrong-shaped answer', async () => {
    const items: unknown[] = chains();
    items[9_000] = { name: 'No id', logo: 'https://pay.example.com/logos/x.svg' };
    const bad = await failureOf(
      clientWith(() => new Response(envelope(items), { status: 200 })).listChains(),
    );
    const wrongShape = await failureOf(clientWith(() => ok({ chains: [] })).listChains());
    expect(bad.failure).toEqual(wrongShape.failure);
    expect(bad.failure.kind).toBe('bad-response');
    expect(bad.failure.message).toMatch(/wrong shape/);
  });

  it('a good 10 000-chain answer comes back whole, each item as the schema parses it', async () => {
    const items = chains();
    const listed = await clientWith(
      () => new Response(envelope(items), { status: 200 }),
    ).listChains();
    expect(listed).toHaveLength(COUNT);
    expect(listed[9_000]).toEqual({ ...items[9_000], chain_id: 109_000 });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { chainSchema } from '../../../shared/wire/chain';
import { parseListInChunks } from '../../../electron/service-client/parse-list-in-chunks';
import { readListOutcome } from '../../../electron/service-client/read-outcome';

// The chunked item check, spied on and passed through, so the test sees which array it was handed.
vi.mock('../../../electron/service-client/parse-list-in-chunks', { spy: true });

afterEach(() => vi.restoreAllMocks());

const chains = Array.from({ length: 2_000 }, (_, n) => ({
  name: `Chain ${n}`,
  chain_id: 100_000 + n,
  logo: `https://pay.example.com/logos/c${n}.svg`,
}));

describe("a list answer's envelope is read without walking its items", () => {
  it('hands the chunked check the very array the JSON parse made: no copy of the items on the parsing task', async () => {
    const parse = vi.spyOn(JSON, 'parse');
    const text = JSON.stringify({ data: chains, errors: [], msg: '', error_code: '' });
    const read = await readListOutcome({ type: 'response', status: 200, text }, 'GET', chainSchema);
    expect(read.ok && read.data).toEqual(chains);
    const parsedItems = (parse.mock.results[0]?.value as { data: unknown[] }).data;
    expect(vi.mocked(parseListInChunks).mock.calls[0]?.[0]).toBe(parsedItems);
  });

  it('still refuses a list that is not an array, as a wrong-shaped answer', async () => {
    const text = JSON.stringify({ data: { 0: chains[0] }, errors: [], msg: '', error_code: '' });
    expect(
      await readListOutcome({ type: 'response', status: 200, text }, 'GET', chainSchema),
    ).toEqual({
      ok: false,
      kind: 'bad-response',
      facts: { httpStatus: 200, detail: 'data has the wrong shape' },
      retryable: false,
    });
  });
});

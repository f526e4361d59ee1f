/** Items handled between two yields: a few milliseconds of work at most. */
const CHUNK = 1_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Maps a long list (a catalogue of 10 000 chains) a chunk at a time, yielding to main's
 * event loop between chunks, so IPC, timers and the sale never wait behind it. An item that
 * maps to undefined is left out.
 */
export async function mapInChunks<T, U>(
  items: readonly T[],
  map: (item: T) => U | undefined,
): Promise<U[]> {
  const out: U[] = [];
  for (let start = 0; start < items.length; start += CHUNK) {
    if (start > 0) await nextTurn();
    const end = Math.min(items.length, start + CHUNK);
    for (let index = start; index < end; index += 1) {
      const mapped = map(items[index] as T);
      if (mapped !== undefined) out.push(mapped);
    }
  }
  return out;
}

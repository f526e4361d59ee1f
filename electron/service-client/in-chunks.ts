/** Items handled between two yields by default: a few milliseconds of work at most. */
const CHUNK = 1_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Visits a long list (a catalogue of 10 000 chains) a chunk at a time, yielding to main's
 * event loop between chunks (setImmediate: IPC, timers and sockets run in between), so the
 * sale never waits behind it. `visit` returns false to stop; answers whether every item was
 * visited.
 */
export async function eachInChunks<T>(
  items: readonly T[],
  visit: (item: T, index: number) => boolean,
  chunk = CHUNK,
): Promise<boolean> {
  for (let start = 0; start < items.length; start += chunk) {
    if (start > 0) await nextTurn();
    const end = Math.min(items.length, start + chunk);
    for (let index = start; index < end; index += 1)
      if (!visit(items[index] as T, index)) return false;
  }
  return true;
}

/** Maps a long list in chunks (eachInChunks). An item that maps to undefined is left out. */
export async function mapInChunks<T, U>(
  items: readonly T[],
  map: (item: T) => U | undefined,
): Promise<U[]> {
  const out: U[] = [];
  await eachInChunks(items, (item) => {
    const mapped = map(item);
    if (mapped !== undefined) out.push(mapped);
    return true;
  });
  return out;
}

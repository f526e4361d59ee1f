/**
 * Items checked between two yields. A cold check of one chain (zod, before V8 has optimised
 * it) takes some 15-20 µs on a quiet machine: 250 items are a few milliseconds of main's loop.
 */
export const LIST_CHUNK = 250;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The part of a zod schema used here (any `z.ZodType` has it). */
interface ItemSchema<T> {
  safeParse(item: unknown): { success: true; data: T } | { success: false };
}

export type ListParse<T> = { ok: true; items: T[] } | { ok: false; index: number };

/**
 * Parses a long list (a catalogue of 10 000 chains) item by item against its schema, a chunk
 * at a time, yielding to main's event loop between chunks (setImmediate: IPC, timers and
 * sockets run in between), so checking a big answer never freezes main. As strict as parsing
 * the whole array at once: the first item that fails stops the parse, and its index is told.
 * Each item is the schema's parse (e.g. a chain id given as digits becomes a number).
 */
export async function parseListInChunks<T>(
  items: readonly unknown[],
  schema: ItemSchema<T>,
  chunk = LIST_CHUNK,
): Promise<ListParse<T>> {
  const parsed: T[] = new Array<T>(items.length);
  for (let start = 0; start < items.length; start += chunk) {
    if (start > 0) await nextTurn();
    const end = Math.min(items.length, start + chunk);
    for (let index = start; index < end; index += 1) {
      const result = schema.safeParse(items[index]);
      if (!result.success) return { ok: false, index };
      parsed[index] = result.data;
    }
  }
  return { ok: true, items: parsed };
}

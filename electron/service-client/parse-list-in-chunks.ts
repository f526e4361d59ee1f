import { eachInChunks } from './in-chunks';

/**
 * Items checked between two yields. A cold check of one chain (zod, before V8 has optimised
 * it) takes some 15-20 µs on a quiet machine: 250 items are a few milliseconds of main's loop.
 */
export const LIST_CHUNK = 250;

/** The part of a zod schema used here (any `z.ZodType` has it). */
interface ItemSchema<T> {
  safeParse(item: unknown): { success: true; data: T } | { success: false };
}

export type ListParse<T> = { ok: true; items: T[] } | { ok: false; index: number };

/**
 * Parses a long list (a catalogue of 10 000 chains) item by item against its schema, a chunk
 * at a time (eachInChunks), so checking a big answer never freezes main. As strict as parsing
 * the whole array at once: the first item that fails stops the parse, and its index is told.
 * Each item is the schema's parse (e.g. a chain id given as digits becomes a number).
 */
export async function parseListInChunks<T>(
  items: readonly unknown[],
  schema: ItemSchema<T>,
  chunk = LIST_CHUNK,
): Promise<ListParse<T>> {
  const parsed: T[] = new Array<T>(items.length);
  let failedAt = -1;
  const whole = await eachInChunks(
    items,
    (item, index) => {
      const result = schema.safeParse(item);
      if (!result.success) failedAt = index;
      else parsed[index] = result.data;
      return result.success;
    },
    chunk,
  );
  return whole ? { ok: true, items: parsed } : { ok: false, index: failedAt };
}

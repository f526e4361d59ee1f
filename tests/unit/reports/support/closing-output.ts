import { Writable } from 'node:stream';

/**
 * An output that is closed under the export's first write and never acknowledges it, as a
 * file or socket would be when it goes away. No timers: the same on every machine.
 */
export function outputClosedOnFirstWrite(): { out: Writable; writes: () => number } {
  let writes = 0;
  const out = new Writable({
    highWaterMark: 16,
    write: () => {
      writes++;
      out.destroy();
    },
  });
  return { out, writes: () => writes };
}

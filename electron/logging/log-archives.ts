import { renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** The till's log file; its archives are main.1.log (newest) … main.<keep>.log (oldest). */
export const LOG_FILE_NAME = 'main.log';

/** The name of archive `index` (1 = the newest); 0 is the live file. */
function archiveName(index: number): string {
  return index === 0 ? LOG_FILE_NAME : LOG_FILE_NAME.replace(/\.log$/, `.${index}.log`);
}

/** The live file and every archive that may exist, newest first. */
export function logFileNames(keep: number): string[] {
  return Array.from({ length: keep + 1 }, (_, index) => archiveName(index));
}

/**
 * Shifts the archives one place: the oldest is dropped, main.<i>.log becomes main.<i+1>.log,
 * and the live file becomes main.1.log. electron-log on its own keeps a single `.old.log`,
 * which loses the hour before a fault as soon as the till logs a little more; IT asks for
 * days. Synchronous because electron-log writes the next line right after this returns.
 */
export function shiftArchives(logDir: string, keep: number): void {
  rmSync(join(logDir, archiveName(keep)), { force: true });
  for (let index = keep - 1; index >= 0; index -= 1) {
    try {
      renameSync(join(logDir, archiveName(index)), join(logDir, archiveName(index + 1)));
    } catch (error) {
      // A gap in the numbering (an archive deleted by hand) is fine; anything else is not.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

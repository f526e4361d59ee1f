import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { logFileNames } from '../logging/log-archives';

export interface LogFileText {
  name: string;
  text: string;
}

/**
 * The live log file and its archives that exist, newest first. A file that cannot be read
 * (deleted while we look, locked) is left out rather than failing the whole export.
 */
export function readLogFiles(logDir: string, keep: number): LogFileText[] {
  const files: LogFileText[] = [];
  for (const name of logFileNames(keep)) {
    try {
      files.push({ name, text: readFileSync(join(logDir, name), 'utf8') });
    } catch {
      // Not there (fewer archives than kept so far) or not readable: nothing to add.
    }
  }
  return files;
}

import electronLog from 'electron-log/node';
import { join } from 'node:path';
import { LOG_FILE_NAME, shiftArchives } from './log-archives';
import type { LineWriter } from './logger';

export interface FileLogOptions {
  /** The app's log folder (Electron: `app.getPath('logs')`). */
  logDir: string;
  /** A file is archived once it has passed this size. Default 1 MiB. */
  maxBytes?: number;
  /** How many archives to keep (main.1.log … main.<keep>.log). Default 5. */
  keep?: number;
}

export interface FileLog {
  /** Appends one finished line (already redacted by the logger that made it). */
  write: LineWriter;
  logDir: string;
  keep: number;
}

const DEFAULT_MAX_LOG_BYTES = 1024 * 1024;
const DEFAULT_LOG_ARCHIVES = 5;
/** One runaway field must not fill a file on its own; the cut keeps the start for reading. */
const MAX_LINE_CHARS = 16_384;

let instances = 0;

/**
 * A line sink that writes through electron-log's file transport: it owns opening, appending
 * and noticing the size; we supply where the file is and how archives shift. electron-log's
 * console, IPC and remote transports are switched off (stdout is the JSON-lines logger's own
 * job, and nothing here may leave the machine). `electron-log/node` rather than
 * `electron-log/main`: the main entry registers an IPC channel for pages at import, which the
 * till's pages must not have; the file transport is the same code in both.
 *
 * A file is archived before the first line written after it passed `maxBytes`, so a file
 * holds at most `maxBytes` plus one line.
 */
export function createFileLog(options: FileLogOptions): FileLog {
  const { logDir } = options;
  const keep = Math.max(1, options.keep ?? DEFAULT_LOG_ARCHIVES);
  instances += 1;
  // Each sink gets its own electron-log instance so its settings never leak into another's.
  const log = electronLog.create({ logId: `counter-file-${instances}` });
  for (const [name, transport] of Object.entries(log.transports)) {
    // Node's build has no IPC transport (null); the others must stay silent.
    if (name !== 'file' && transport) transport.level = false;
  }

  const file = log.transports.file;
  file.level = 'info';
  file.sync = true;
  file.maxSize = options.maxBytes ?? DEFAULT_MAX_LOG_BYTES;
  file.resolvePathFn = () => join(logDir, LOG_FILE_NAME);
  // The line is already JSON: no date prefix, no util.format, no style stripping.
  file.transforms = [({ data }) => String(data[0])];
  file.archiveLogFn = (current) => {
    try {
      shiftArchives(logDir, keep);
    } catch {
      // Archives that cannot be moved (a file held open on Windows) must not let the log
      // grow without end: start the live file again rather than lose the cap.
      current.clear();
    }
  };

  return {
    logDir,
    keep,
    write: (line, level) => {
      log[level](line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}…[cut]` : line);
    },
  };
}

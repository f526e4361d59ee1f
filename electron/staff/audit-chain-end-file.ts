import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Logger } from '../logging/logger';
import type { ChainEnd } from './audit-chain';

const HASH = /^[0-9a-f]{64}$/;

/**
 * The audit chain's end as the till last recorded it, in a small file of its own beside the
 * journal (`audit-chain-head.json` in the data folder): an entry's id and its hash. The journal
 * keeps its own end (`audit_chain_head`), but that is in the file a hand edit changes; this one
 * is not, so rows removed from the end with the end marker moved back, or a trail emptied, are
 * found (audit-chain-watch.ts). Written whole to a new file, synced, then renamed over the old
 * one: a crash leaves the old record or the new one, never half of one.
 */
export class AuditChainEndFile {
  constructor(
    private readonly path: string,
    private readonly logger: Logger,
  ) {}

  /** The end recorded, or null: no record yet (a new till, or one from before the record). */
  read(): ChainEnd | null {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.logger.warn('the audit chain end record could not be read', { error: String(error) });
      }
      return null;
    }
    const end = parseEnd(text);
    if (!end) this.logger.warn('the audit chain end record is not one: it is written again');
    return end;
  }

  /** Records `end`, replacing the record before (throws when the file cannot be written). */
  write(end: ChainEnd): void {
    const next = `${this.path}.next`;
    writeFileSync(next, `${JSON.stringify({ auditId: end.auditId, rowHash: end.rowHash })}\n`, {
      flush: true,
    });
    renameSync(next, this.path);
    syncFolder(dirname(this.path));
  }
}

function parseEnd(text: string): ChainEnd | null {
  try {
    const value = JSON.parse(text) as { auditId?: unknown; rowHash?: unknown };
    if (
      Number.isSafeInteger(value.auditId) &&
      (value.auditId as number) > 0 &&
      typeof value.rowHash === 'string' &&
      HASH.test(value.rowHash)
    ) {
      return { auditId: value.auditId as number, rowHash: value.rowHash };
    }
  } catch {
    // Not JSON: no record.
  }
  return null;
}

/** The rename made durable too, where the system lets a folder be synced (not on Windows). */
function syncFolder(folder: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  } catch {
    // A folder cannot be opened or synced here: the rename reaches the disk in its own time.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

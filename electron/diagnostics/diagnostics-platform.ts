import type { DiagnosticsExportResult } from '../../shared/ipc/contract';
import type { Logger } from '../logging/logger';

/**
 * What the diagnostics need from the platform, beside AppPlatform. Every member is optional:
 * the test harness has no log folder and no save dialog, and then "Export diagnostics"
 * answers that this till cannot save one.
 */
export interface DiagnosticsPlatform {
  /** The log folder and how many archives it keeps (electron/logging/file-log.ts). */
  logs?: { dir: string; keep: number };
  /** A logger per part of the till, all writing to the same file; default: the platform's. */
  loggerFor?: (scope: string) => Logger;
  /** Asks where to save the zip and writes it (Electron: a save dialog). */
  saveDiagnostics?: (suggestedName: string, bytes: Uint8Array) => Promise<DiagnosticsExportResult>;
}

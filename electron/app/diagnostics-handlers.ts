import type { Clock } from '../../shared/clock';
import type { Calls } from '../../shared/ipc/contract';
import type { CallHandlers } from '../../shared/ipc/contract-kit';
import type { NfcStatus } from '../../shared/nfc/nfc-status';
import { buildDiagnosticsZip, diagnosticsFileName } from '../diagnostics/diagnostics-zip';
import type { Logger } from '../logging/logger';
import type { SecretStore } from '../settings/secret-store';
import type { SettingsService } from '../settings/settings-service';
import type { PlatformDisplays } from './app-platform';
import { CallRefusal } from '../../shared/ipc/call-refusal';
import type { DiagnosticsPlatform } from '../diagnostics/diagnostics-platform';
import { PageErrorLog } from '../logging/page-error-log';

export interface DiagnosticsHandlerParts {
  clock: Clock;
  version: string;
  platform: DiagnosticsPlatform;
  settings: SettingsService;
  secrets: SecretStore;
  displays: PlatformDisplays | undefined;
  nfcStatus: () => NfcStatus;
  journalPath: string;
  logger: Logger;
}

/** "Export diagnostics" for IT, and the cashier page's uncaught errors into the log file. */
export function diagnosticsHandlers(
  parts: DiagnosticsHandlerParts,
): Pick<CallHandlers<Calls>, 'exportDiagnostics' | 'reportPageError'> {
  const { clock, platform, secrets, logger } = parts;
  const pageErrors = new PageErrorLog(clock, platform.loggerFor?.('renderer') ?? logger);

  return {
    exportDiagnostics: async () => {
      const save = platform.saveDiagnostics;
      if (!save) {
        throw new CallRefusal(
          'diagnostics-unavailable',
          'This till cannot save a diagnostics file. Ask IT for the log folder instead.',
        );
      }
      const nowMs = clock.now();
      // Held only while the zip is built, to mask it should it appear anywhere.
      const token = secrets.load()?.token;
      const zip = buildDiagnosticsZip({
        nowMs,
        appVersion: parts.version,
        ...(platform.logs ? { logs: platform.logs } : {}),
        settings: () => parts.settings.current(),
        displays: () => parts.displays?.view() ?? 'no monitors known to this till',
        reader: parts.nfcStatus,
        journalPath: parts.journalPath,
        secrets: token ? [token] : [],
      });
      try {
        const result = await save(diagnosticsFileName(nowMs), zip);
        if (result.saved) logger.info('diagnostics exported', { bytes: zip.byteLength });
        return result;
      } catch (error) {
        logger.error('diagnostics export failed', { error });
        throw new CallRefusal(
          'diagnostics-not-saved',
          'The diagnostics file could not be saved there. Choose another folder and try again.',
        );
      }
    },
    reportPageError: async (error) => {
      pageErrors.report(error);
      return null;
    },
  };
}

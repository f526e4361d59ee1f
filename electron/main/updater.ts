import electronUpdater from 'electron-updater';
import type { Logger } from '../logging/logger';
import type { Updater } from '../update/update-service';

/**
 * electron-updater's updater for this OS (NSIS on Windows, ZIP on macOS), its own log lines
 * in the till's log. Made only when IT's policy names a feed (electron/update).
 */
export function osUpdater(logger: Logger): Updater {
  const { autoUpdater } = electronUpdater;
  autoUpdater.logger = {
    info: (message?: unknown) => logger.info(`updater: ${String(message)}`),
    warn: (message?: unknown) => logger.warn(`updater: ${String(message)}`),
    error: (message?: unknown) => logger.error(`updater: ${String(message)}`),
  };
  return autoUpdater;
}

import type { AppUpdater, UpdateInfo } from 'electron-updater';
import type { Clock } from '../../shared/clock';
import type { UpdateStatus } from '../../shared/update-status';
import type { Logger } from '../logging/logger';
import { addressesCutToOrigin } from '../diagnostics/settings-allow-list';
import type { UpdateFeed } from './update-feed';

/** What the service uses of electron-updater's AppUpdater (NsisUpdater, MacUpdater, ...). */
export type Updater = Pick<
  AppUpdater,
  | 'autoDownload'
  | 'autoInstallOnAppQuit'
  | 'allowDowngrade'
  | 'setFeedURL'
  | 'checkForUpdates'
  | 'on'
>;

export interface UpdateServiceOptions {
  /** IT's feed; undefined: updates are off and no updater is ever made (no request at all). */
  feed: UpdateFeed | undefined;
  /**
   * Made only when there is a feed, and after start: electron-updater is loaded only then, so a
   * till without a feed never loads it and one with a feed does not wait for it to open.
   */
  createUpdater: () => Updater | Promise<Updater>;
  clock: Clock;
  logger: Logger;
  /** How often to look again after a check (default 4 hours). */
  checkEveryMs?: number;
}

export interface UpdateService {
  start(): void;
  status(): UpdateStatus;
  onChange(listener: (status: UpdateStatus) => void): () => void;
  /** Resolves when the check under way (and its download) has finished. */
  idle(): Promise<void>;
  stop(): void;
}

const FOUR_HOURS_MS = 4 * 60 * 60 * 1000;

/**
 * Updates without visiting the shop (docs/it-deployment.md: Updates). electron-updater
 * downloads in the background and checks the download's sha512 against the feed and, on
 * Windows, the installer's signature against the publisher the app was signed by; a
 * version older than the running one is refused. A downloaded update installs when the app
 * quits (the quit sequence already asks before closing during a sale), so it never
 * interrupts a customer.
 */
export function createUpdateService(options: UpdateServiceOptions): UpdateService {
  const { feed, clock, logger } = options;
  const every = options.checkEveryMs ?? FOUR_HOURS_MS;
  const listeners = new Set<(status: UpdateStatus) => void>();
  let status: UpdateStatus = { kind: 'off' };
  let cancelNext: (() => void) | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const set = (next: UpdateStatus) => {
    status = next;
    for (const listener of listeners) listener(status);
  };

  const attach = (updater: Updater) => {
    updater.on('update-available', (info: UpdateInfo) =>
      set({ kind: 'downloading', version: info.version }),
    );
    updater.on('update-not-available', (info: UpdateInfo) => {
      logger.info('update: none to install', { offered: info.version });
      // A ready update stays ready: a later check finding nothing newer does not undo it.
      if (status.kind !== 'ready') set({ kind: 'current' });
    });
    updater.on('update-downloaded', (info: UpdateInfo) => {
      logger.info('update: downloaded and verified; installs when the app closes', {
        version: info.version,
      });
      set({ kind: 'ready', version: info.version });
    });
    updater.on('error', (error: Error) => {
      // electron-updater's HTTP errors quote the request's address, the feed's key and all:
      // logged with every address cut to its origin.
      logger.error('update: refused', { reason: addressesCutToOrigin(error.message) });
      if (status.kind !== 'ready') set({ kind: 'failed', reason: reasonInWords(error) });
    });
  };

  const check = async (updater: Updater) => {
    if (stopped) return;
    cancelNext = clock.at(clock.now() + every, () => {
      running = check(updater);
    });
    if (status.kind !== 'ready') set({ kind: 'checking' });
    try {
      const result = await updater.checkForUpdates();
      await result?.downloadPromise;
    } catch {
      // Reported through the 'error' event above.
    }
  };

  return {
    start() {
      if (!feed) {
        logger.info('update: off (no update address in the policy)');
        return;
      }
      running = (async () => {
        let updater: Updater;
        try {
          updater = await options.createUpdater();
        } catch (error) {
          logger.error('update: the updater could not be loaded', {
            reason: error instanceof Error ? error.message : String(error),
          });
          set({ kind: 'failed', reason: NOT_DOWNLOADED });
          return;
        }
        if (stopped) return;
        updater.autoDownload = true;
        updater.autoInstallOnAppQuit = true;
        updater.allowDowngrade = false;
        updater.setFeedURL({ provider: 'generic', url: feed.url, channel: feed.channel });
        attach(updater);
        await check(updater);
      })();
    },
    status: () => status,
    idle: () => running,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      stopped = true;
      cancelNext?.();
    },
  };
}

const NOT_DOWNLOADED =
  'The update could not be downloaded. The till keeps working; IT can see why in the log.';

/** The cashier's words; IT reads the exact reason in the log. */
function reasonInWords(error: Error): string {
  const message = error.message;
  if (/sha512 checksum mismatch|checksum/i.test(message))
    return 'The downloaded update did not match its checksum and was thrown away.';
  if (/not signed/i.test(message))
    return 'The downloaded update was not signed by the app maker and was thrown away.';
  return NOT_DOWNLOADED;
}

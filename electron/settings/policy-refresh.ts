import type { Clock } from '../../shared/clock';
import type { Logger } from '../logging/logger';
import type { ManagedPolicyLoad, SettingsService } from './settings-service';

/** Group Policy refreshes every 90 minutes and MDM pushes whenever: a till looks every minute. */
const EVERY_MS = 60_000;

const fingerprint = (load: ManagedPolicyLoad) =>
  JSON.stringify([load.sources ?? [load.status], load.policy ?? null]);

/**
 * Reads IT's policy again on a timer and swaps it in when it changed, so a GPO, an MDM
 * profile or a new policy file takes effect without restarting the till. An unchanged policy
 * (the usual case) changes nothing and tells nobody. Returns the stop function.
 */
export function refreshPolicy(options: {
  settings: SettingsService;
  /** The policy the settings started with. */
  initial: ManagedPolicyLoad;
  load: () => ManagedPolicyLoad;
  clock: Clock;
  logger: Logger;
  everyMs?: number;
}): () => void {
  const { settings, load, clock, logger } = options;
  const every = options.everyMs ?? EVERY_MS;
  let last = fingerprint(options.initial);
  let cancel: () => void = () => undefined;
  let stopped = false;

  const tick = () => {
    if (stopped) return;
    try {
      const next = load();
      const text = fingerprint(next);
      if (text !== last) {
        last = text;
        settings.replacePolicy(next);
        logger.info('managed policy: changed while running, applied', { ...next.status });
      }
    } catch (error) {
      logger.error('managed policy: could not be read again', { error: (error as Error).message });
    }
    cancel = clock.at(clock.now() + every, tick);
  };
  cancel = clock.at(clock.now() + every, tick);
  return () => {
    stopped = true;
    cancel();
  };
}

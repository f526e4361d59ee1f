import type { Clock } from '../../shared/clock';
import type { Calls } from '../../shared/ipc/contract';
import type { CallHandlers } from '../../shared/ipc/contract-kit';
import type { SettingsWriteResult } from '../../shared/settings';
import type { Logger } from '../logging/logger';
import type { SecretStore } from '../settings/secret-store';
import type { SettingsService } from '../settings/settings-service';
import { CallRefusal } from '../../shared/ipc/call-refusal';
import { connectionTest } from '../connection/connection-test';
import { ProbeLimiter } from '../connection/probe-limiter';
import type { ServiceConnection } from '../connection/service-connection';
import { ServiceConnector } from '../connection/service-connector';
import type { SettingsAudit } from '../staff/settings-audit';
import { pageSettings, shownSetting } from '../diagnostics/settings-allow-list';
import type { CallAuthorization } from './staff-guard';

/**
 * Settings and the connection to the service. A settings write answers at once; what it
 * changes follows from the settings' change event (settings-reactions.ts). The service
 * address is not written here: it changes only with its token (service-connector.ts), which
 * refreshes the connection before answering, so the next call uses both. Settings go to the
 * page in their page-safe view only (`pageSettings`), so the page may hold the address with a
 * gateway's path hidden: sent back as it was shown, that form means the address in effect.
 */
export function settingsHandlers(parts: {
  settings: SettingsService;
  secrets: SecretStore;
  connection: ServiceConnection;
  clock: Clock;
  logger: Logger;
  /** Writes each change to the audit trail in the name of the call's person. */
  audit: SettingsAudit;
}): Pick<
  CallHandlers<Calls>,
  | 'getSettings'
  | 'updateSettings'
  | 'resetSettings'
  | 'tokenStatus'
  | 'connectService'
  | 'disconnectService'
  | 'testConnection'
> {
  const { settings, secrets, connection, clock, logger, audit } = parts;
  // One limiter for every test of a connection, whichever call asks for it.
  const limiter = new ProbeLimiter(clock);
  const connector = new ServiceConnector({ settings, secrets, connection, limiter, logger });
  // The guard's authorization: who made the call and which manager approved it.
  const cause = (via: string, authorization?: CallAuthorization) => ({
    actorId: authorization?.actorId ?? null,
    approverId: authorization?.approverId ?? null,
    via,
  });
  // The address as the page was shown it (settings-allow-list.ts) stands for the one in effect.
  const addressMeant = (baseUrl: string): string => {
    const inEffect = settings.current().values.serviceBaseUrl;
    const shown = shownSetting('serviceBaseUrl', inEffect);
    return inEffect !== '' && baseUrl.trim() === shown ? inEffect : baseUrl;
  };
  return {
    getSettings: async () => pageSettings(settings.current()),
    updateSettings: async ({ patch }, authorization?: CallAuthorization) =>
      settingsResult(
        audit.by(cause('updateSettings', authorization), () => settings.update(patch)),
      ),
    resetSettings: async ({ keys }, authorization?: CallAuthorization) =>
      settingsResult(audit.by(cause('resetSettings', authorization), () => settings.reset(keys))),
    tokenStatus: async () => connection.tokenStatus(),
    connectService: ({ baseUrl, token }, authorization?: CallAuthorization) =>
      audit.serviceChange(cause('connectService', authorization), 'connected', () =>
        connector.connect(addressMeant(baseUrl), token),
      ),
    disconnectService: (_args, authorization?: CallAuthorization) =>
      audit.serviceChange(cause('disconnectService', authorization), 'disconnected', () =>
        connector.disconnect(),
      ),
    testConnection: ({ baseUrl, token }) =>
      connectionTest(
        connection,
        limiter,
        baseUrl === undefined ? undefined : addressMeant(baseUrl),
        token,
      ),
  };
}

function settingsResult(result: SettingsWriteResult) {
  if (!result.ok)
    throw new CallRefusal(`settings-${result.error.kind}`, result.error.problems.join(' '));
  return pageSettings(result.settings);
}

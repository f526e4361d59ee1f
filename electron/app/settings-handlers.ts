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
import type { CallAuthorization } from './staff-guard';

/**
 * Settings and the connection to the service. A settings write answers at once; what it
 * changes follows from the settings' change event (settings-reactions.ts). The service
 * address is not written here: it changes only with its token (service-connector.ts), which
 * refreshes the connection before answering, so the next call uses both.
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
  return {
    getSettings: async () => settings.current(),
    updateSettings: async ({ patch }, authorization?: CallAuthorization) =>
      settingsResult(
        audit.by(cause('updateSettings', authorization), () => settings.update(patch)),
      ),
    resetSettings: async ({ keys }, authorization?: CallAuthorization) =>
      settingsResult(audit.by(cause('resetSettings', authorization), () => settings.reset(keys))),
    tokenStatus: async () => connection.tokenStatus(),
    connectService: ({ baseUrl, token }, authorization?: CallAuthorization) =>
      audit.serviceChange(cause('connectService', authorization), 'connected', () =>
        connector.connect(baseUrl, token),
      ),
    disconnectService: (_args, authorization?: CallAuthorization) =>
      audit.serviceChange(cause('disconnectService', authorization), 'disconnected', () =>
        connector.disconnect(),
      ),
    testConnection: ({ baseUrl, token }) => connectionTest(connection, limiter, baseUrl, token),
  };
}

function settingsResult(result: SettingsWriteResult) {
  if (!result.ok)
    throw new CallRefusal(`settings-${result.error.kind}`, result.error.problems.join(' '));
  return result.settings;
}

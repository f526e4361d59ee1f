import type { Calls } from '../../shared/ipc/contract';
import type { CallHandlers } from '../../shared/ipc/contract-kit';
import type { SettingsWriteResult } from '../../shared/settings';
import type { SecretStore } from '../settings/secret-store';
import type { SettingsService } from '../settings/settings-service';
import { CallRefusal } from './call-failure';
import { connectionTest } from './connection-test';
import type { ServiceConnection } from './service-connection';

/**
 * Settings and the API token. A settings write answers at once; what it changes follows from
 * the settings' change event (settings-reactions.ts). The token is not a setting: saving or
 * clearing it refreshes the connection before answering, so the next call uses it.
 */
export function settingsHandlers(parts: {
  settings: SettingsService;
  secrets: SecretStore;
  connection: ServiceConnection;
}): Pick<
  CallHandlers<Calls>,
  | 'getSettings'
  | 'updateSettings'
  | 'resetSettings'
  | 'tokenStatus'
  | 'setToken'
  | 'clearToken'
  | 'testConnection'
> {
  const { settings, secrets, connection } = parts;
  return {
    getSettings: async () => settings.current(),
    updateSettings: async ({ patch }) => settingsResult(settings.update(patch)),
    resetSettings: async ({ keys }) => settingsResult(settings.reset(keys)),
    tokenStatus: async () => secrets.status(),
    setToken: async ({ token }) => {
      const saved = secrets.save(token);
      if (!saved.ok) throw new CallRefusal(`token-${saved.error.kind}`, saved.error.message);
      // A new client follows, and the catalogue forgets what the old token was shown.
      await connection.refresh();
      return saved.status;
    },
    clearToken: async () => {
      secrets.clear();
      await connection.refresh();
      return secrets.status();
    },
    testConnection: ({ baseUrl, token }) => connectionTest(connection, baseUrl, token),
  };
}

function settingsResult(result: SettingsWriteResult) {
  if (!result.ok)
    throw new CallRefusal(`settings-${result.error.kind}`, result.error.problems.join(' '));
  return result.settings;
}

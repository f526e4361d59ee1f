import { defaultSettings } from '../../../shared/settings';
import { silentLogger, type Logger } from '../../logging/logger';
import { loadPlatformPolicy } from '../../settings/policy-places';
import { policyPath } from '../../settings/policy-path';
import type { SecretStore } from '../../settings/secret-store';
import {
  createSettingsService,
  type ManagedPolicyLoad,
  type SettingsService,
} from '../../settings/settings-service';
import { systemTimeZone } from '../../../shared/time-zone';
import { createElectronSettingsStore } from './electron-settings-store';
import { createSafeStorageSecretStore } from './safe-storage-secret-store';

export interface ShellSettings {
  settings: SettingsService;
  secrets: SecretStore;
  /** Where the policy was looked for (for the settings page and support). */
  policyPath: string;
  /** Set when the local settings file was damaged and reset at start. */
  localStartProblem: string | undefined;
  /** IT's policy as read at start, and how to read it again (policy-refresh.ts). */
  policy: ManagedPolicyLoad;
  readPolicy: () => ManagedPolicyLoad;
}

/**
 * Builds the real settings, policy and token store for index.ts, in one call after app
 * 'ready' (safeStorage and userData need it). The browser harness builds the same
 * SettingsService with createMemorySettingsStore and createMemorySecretStore instead.
 */
export function openShellSettings(options: { logger?: Logger } = {}): ShellSettings {
  const logger = options.logger ?? silentLogger;
  const path = policyPath(process.platform, process.env);
  const readPolicy = () => loadPlatformPolicy(process.platform, process.env, logger);
  const policy = readPolicy();
  const store = createElectronSettingsStore({ logger });
  const settings = createSettingsService({
    store,
    defaults: defaultSettings({ reportTimeZone: systemTimeZone() }),
    policy,
    logger,
  });
  return {
    settings,
    secrets: createSafeStorageSecretStore({ logger }),
    policyPath: path,
    localStartProblem: store.startProblem,
    policy,
    readPolicy,
  };
}

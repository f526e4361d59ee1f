import { userInfo } from 'node:os';
import type { Logger } from '../logging/logger';
import {
  loadManagedPolicy,
  nodePolicyBytesReader,
  nodePolicyFileReader,
} from './managed-policy-loader';
import { platformPolicyTrust } from './policy-file-trust';
import { policyPath } from './policy-path';
import { managedPreferencesPath, readPlistPolicy } from './plist-policy';
import { combinePolicySources } from './policy-sources';
import { nodeRegQueryRunner, readRegistryPolicy } from './registry-policy';
import type { ManagedPolicyLoad } from './settings-service';

/**
 * Reads IT's policy from every place this OS offers, highest precedence first
 * (policy-sources.ts), and combines them. Each place is logged with its outcome so support
 * can tell which one decided a value.
 */
export function loadPlatformPolicy(
  platform: string,
  env: Readonly<Record<string, string | undefined>>,
  logger: Logger,
): ManagedPolicyLoad {
  const checkTrust = platformPolicyTrust(platform);
  const file = () =>
    loadManagedPolicy({
      path: policyPath(platform, env),
      readFile: nodePolicyFileReader,
      checkTrust,
      logger,
    });
  const places: (() => ManagedPolicyLoad)[] = [];
  if (platform === 'win32') {
    const run = nodeRegQueryRunner(env);
    places.push(
      () => readRegistryPolicy('HKLM', run),
      () => readRegistryPolicy('HKCU', run),
    );
  } else if (platform === 'darwin') {
    places.push(
      () => readPlistPolicy(managedPreferencesPath(), nodePolicyBytesReader, checkTrust),
      () =>
        readPlistPolicy(
          managedPreferencesPath(userInfo().username),
          nodePolicyBytesReader,
          checkTrust,
        ),
    );
  }
  const loads = [...places.map((read) => read()), file()];
  for (const load of loads.slice(0, -1)) {
    if (load.status.kind !== 'none')
      logger.info('managed policy: OS policy read', { ...load.status });
  }
  return combinePolicySources(loads);
}

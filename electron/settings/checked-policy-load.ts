import { checkManagedPolicy } from '../../shared/managed-policy';
import { isSettingKey } from '../../shared/settings';
import type { ManagedPolicyLoad } from './settings-service';

/**
 * A policy read from an OS place (registry key, managed preferences) as the settings take it:
 * checked as a whole like the policy file, applied only when every key passes.
 */
export function checkedPolicyLoad(
  path: string,
  settings: Record<string, unknown>,
  locked: string[],
): ManagedPolicyLoad {
  const checked = checkManagedPolicy({ settings, locked });
  if (!checked.ok) return { status: { kind: 'invalid', path, problems: checked.problems } };
  return {
    status: {
      kind: 'applied',
      path,
      presetKeys: Object.keys(checked.policy.settings).filter(isSettingKey),
      lockedKeys: [...checked.policy.locked],
    },
    policy: checked.policy,
  };
}

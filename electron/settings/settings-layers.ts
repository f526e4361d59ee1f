import type { ManagedPolicy } from '../../shared/managed-policy';
import {
  checkSetting,
  isSettingKey,
  itOnlySettingKeys,
  settingKeys,
  type EffectiveSettings,
  type ManagedPolicyStatus,
  type SettingKey,
  type Settings,
  type SettingState,
} from '../../shared/settings';

/**
 * The layers, lowest first, per key:
 *   default  <  managed preset (in the policy, not locked)  <  local  <  managed locked.
 * A preset replaces the built-in default but the cashier may still change it; a locked key
 * cannot be changed at all. Both show as source 'managed' when they decide the value.
 */

export interface LocalLayer {
  values: Partial<Settings>;
  /** One sentence per stored value that no longer passes the schema (it is ignored). */
  problems: string[];
}

/**
 * Checks what the local store holds, key by key; unknown keys (a newer version's) are ignored,
 * and so are keys only IT may set (a hand-edited file must not point updates elsewhere).
 */
export function readLocalLayer(raw: Record<string, unknown>): LocalLayer {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (!isSettingKey(key)) continue;
    if (itOnlySettingKeys.has(key)) {
      problems.push(`The saved value of ${key} was ignored: only your IT department sets it.`);
      continue;
    }
    const check = checkSetting(key, value);
    if (check.ok) values[key] = check.value;
    else problems.push(`The saved value of ${check.problem} It was ignored.`);
  }
  return { values: values as Partial<Settings>, problems };
}

export interface LayerInputs {
  defaults: Settings;
  local: LocalLayer;
  policy: ManagedPolicy | undefined;
  policyStatus: ManagedPolicyStatus;
  policySources: ManagedPolicyStatus[];
}

export function resolveSettings(inputs: LayerInputs): EffectiveSettings {
  const { defaults, local, policy } = inputs;
  const locked = new Set(policy?.locked ?? []);
  const values = { ...defaults } as Record<SettingKey, unknown>;
  const keys = {} as Record<SettingKey, SettingState>;
  for (const key of settingKeys) {
    const preset = policy?.settings[key];
    const own = local.values[key];
    if (locked.has(key) && preset !== undefined) {
      values[key] = preset;
      keys[key] = { source: 'managed', locked: true };
    } else if (own !== undefined) {
      values[key] = own;
      keys[key] = { source: 'local', locked: false };
    } else if (preset !== undefined) {
      values[key] = preset;
      keys[key] = { source: 'managed', locked: false };
    } else {
      keys[key] = { source: 'default', locked: false };
    }
  }
  return {
    values: structuredClone(values) as Settings,
    keys,
    policy: inputs.policyStatus,
    policySources: structuredClone(inputs.policySources),
    localProblems: [...local.problems],
  };
}

import type { ManagedPolicy } from '../../shared/managed-policy';
import type { ManagedPolicyStatus, SettingKey, Settings } from '../../shared/settings';
import type { ManagedPolicyLoad } from './settings-service';

/**
 * IT can set policy in several places, highest first (docs/it-deployment.md: Precedence):
 *
 *   machine policy  >  user policy  >  policy file  >  the till's own settings
 *
 * (Windows: HKLM, then HKCU, then %ProgramData%\CounterApp\policy.json; macOS: the machine's
 * managed preferences, then the user's, then the file.) As in Chrome's and VS Code's policy, a
 * lock anywhere beats a preset anywhere: per setting, the highest place that locks it gives
 * its value; if none locks it, the highest place that presets it gives the preset. A place
 * whose policy has a problem applies nothing, as a bad file never did; the others still apply.
 */
export function combinePolicySources(loads: readonly ManagedPolicyLoad[]): ManagedPolicyLoad {
  const settings: Partial<Record<SettingKey, unknown>> = {};
  const locked = new Set<SettingKey>();
  for (const load of loads) {
    if (!load.policy) continue;
    for (const [key, value] of Object.entries(load.policy.settings) as [SettingKey, unknown][]) {
      const locks = load.policy.locked.includes(key);
      if (locked.has(key) || (key in settings && !locks)) continue;
      settings[key] = value;
      if (locks) locked.add(key);
    }
  }
  const sources = loads.map((load) => load.status);
  const policy: ManagedPolicy = { settings: settings as Partial<Settings>, locked: [...locked] };
  return { status: summaryOf(sources, policy), policy, sources };
}

/** One status for the whole: the first problem, else where policy applied, else none. */
function summaryOf(sources: ManagedPolicyStatus[], policy: ManagedPolicy): ManagedPolicyStatus {
  const problem = sources.find(
    (status) => status.kind === 'invalid' || status.kind === 'untrusted',
  );
  if (problem) return problem;
  const applied = sources.filter((status) => status.kind === 'applied');
  const path = (applied.length > 0 ? applied : sources).map((status) => status.path).join(' and ');
  if (applied.length === 0) return { kind: 'none', path };
  return {
    kind: 'applied',
    path,
    presetKeys: Object.keys(policy.settings) as SettingKey[],
    lockedKeys: [...policy.locked],
  };
}

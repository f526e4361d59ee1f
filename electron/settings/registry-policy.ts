import { spawnSync } from 'node:child_process';
import { policyValueShapes } from '../../shared/policy-value-kinds';
import { isSettingKey } from '../../shared/settings';
import { checkedPolicyLoad } from './checked-policy-load';
import type { ManagedPolicyLoad } from './settings-service';

/**
 * Windows policy, as Group Policy and Intune write it (docs/it-deployment.md):
 *   HKLM\SOFTWARE\Policies\CounterApp\Counter               values here are locked
 *   HKLM\SOFTWARE\Policies\CounterApp\Counter\Recommended   values here are presets
 * and the same under HKCU for a user-level policy. Value names are setting keys; how each
 * value is typed comes from shared/policy-value-kinds.ts.
 *
 * Read with Windows' own `reg.exe query <key> /s` rather than a native addon: its output is
 * stable text that tests parse from real dumps on any OS.
 */
export const REGISTRY_POLICY_KEY = 'SOFTWARE\\Policies\\CounterApp\\Counter';
const RECOMMENDED_SUBKEY = 'Recommended';

type RegistryHive = 'HKLM' | 'HKCU';
const HIVE_NAMES: Record<RegistryHive, string> = {
  HKLM: 'HKEY_LOCAL_MACHINE',
  HKCU: 'HKEY_CURRENT_USER',
};

interface RegistryValue {
  type: string;
  data: string;
}

/** `reg query /s` output: each key's full path and its values by name. */
function parseRegQueryOutput(output: string): Map<string, Map<string, RegistryValue>> {
  const keys = new Map<string, Map<string, RegistryValue>>();
  let current: Map<string, RegistryValue> | undefined;
  for (const line of output.split(/\r?\n/)) {
    if (line.startsWith('HKEY_')) {
      current = new Map();
      keys.set(line.trim().toUpperCase(), current);
      continue;
    }
    // "    name    REG_SZ    data": four spaces around the type; data may hold spaces.
    const value = /^ {4}(.+?) {4}(REG_[A-Z_]+)(?: {4}(.*))?$/.exec(line);
    if (value && current) current.set(value[1]!, { type: value[2]!, data: value[3] ?? '' });
  }
  return keys;
}

type Converted = { ok: true; value: unknown } | { ok: false; problem: string };

/** One registry value as the setting's own type; unknown names pass as text for the schema to refuse. */
function settingValueOf(name: string, value: RegistryValue): Converted {
  if (!isSettingKey(name)) return { ok: true, value: value.data };
  const shape = policyValueShapes[name];
  const wrongType = (expected: string): Converted => ({
    ok: false,
    problem: `${name} must be ${expected} in the registry, not ${value.type}.`,
  });
  switch (shape.kind) {
    case 'boolean': {
      if (value.type !== 'REG_DWORD') return wrongType('a REG_DWORD (0 or 1)');
      const number = Number.parseInt(value.data, 16);
      if (number !== 0 && number !== 1)
        return { ok: false, problem: `${name} must be 0 or 1, not ${value.data}.` };
      return { ok: true, value: number === 1 };
    }
    case 'number': {
      if (value.type !== 'REG_DWORD') return wrongType('a REG_DWORD');
      return { ok: true, value: Number.parseInt(value.data, 16) };
    }
    case 'text':
      if (value.type !== 'REG_SZ' && value.type !== 'REG_EXPAND_SZ') return wrongType('a REG_SZ');
      return { ok: true, value: value.data === '' && shape.nullable ? null : value.data };
    case 'list':
      if (value.type === 'REG_MULTI_SZ')
        return { ok: true, value: value.data.split('\\0').filter((entry) => entry !== '') };
      if (value.type !== 'REG_SZ') return wrongType('a REG_MULTI_SZ or a REG_SZ with a JSON list');
      return jsonOf(name, value.data);
    case 'object':
      if (value.type !== 'REG_SZ') return wrongType('a REG_SZ holding a JSON object');
      return jsonOf(name, value.data);
  }
}

function jsonOf(name: string, text: string): Converted {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, problem: `${name} is not valid JSON in the registry.` };
  }
}

/**
 * The policy under one hive's key, from `reg query /s` output: locked values at the key,
 * presets under its Recommended subkey (a locked value wins over a preset of the same name).
 * Checked as a whole like the policy file: any problem and nothing of it applies.
 */
export function registryPolicyFromDump(output: string, hive: RegistryHive): ManagedPolicyLoad {
  const path = `${hive}\\${REGISTRY_POLICY_KEY}`;
  const root = `${HIVE_NAMES[hive]}\\${REGISTRY_POLICY_KEY}`.toUpperCase();
  const keys = parseRegQueryOutput(output);
  const lockedValues = keys.get(root);
  const presetValues = keys.get(`${root}\\${RECOMMENDED_SUBKEY}`.toUpperCase());
  if (!lockedValues?.size && !presetValues?.size) return { status: { kind: 'none', path } };

  const problems: string[] = [];
  const settings: Record<string, unknown> = {};
  const convert = (values: Map<string, RegistryValue> | undefined) => {
    const names: string[] = [];
    for (const [name, value] of values ?? []) {
      const converted = settingValueOf(name, value);
      if (converted.ok) settings[name] = converted.value;
      else problems.push(converted.problem);
      names.push(name);
    }
    return names;
  };
  convert(presetValues);
  const locked = convert(lockedValues);
  if (problems.length > 0) return { status: { kind: 'invalid', path, problems } };
  return checkedPolicyLoad(path, settings, locked);
}

/** Runs reg.exe; `status` null when it could not run or timed out. */
export type RegQueryRunner = (args: readonly string[]) => { status: number | null; stdout: string };

export function nodeRegQueryRunner(env: Readonly<Record<string, string | undefined>>) {
  const systemRoot = env.SystemRoot ?? env.SYSTEMROOT ?? 'C:\\Windows';
  return (args: readonly string[]) => {
    const result = spawnSync(`${systemRoot}\\System32\\reg.exe`, args, {
      encoding: 'utf8',
      timeout: 5_000,
      windowsHide: true,
    });
    return { status: result.status, stdout: result.stdout ?? '' };
  };
}

/** Reads one hive's policy. A missing key is "no policy"; reg.exe failing otherwise is reported. */
export function readRegistryPolicy(hive: RegistryHive, run: RegQueryRunner): ManagedPolicyLoad {
  const path = `${hive}\\${REGISTRY_POLICY_KEY}`;
  const result = run(['query', path, '/s']);
  if (result.status === 0) return registryPolicyFromDump(result.stdout, hive);
  // reg.exe exits 1 both for a key that does not exist and for one it may not read; a
  // missing key prints nothing on stdout.
  if (result.status === 1 && result.stdout.trim() === '') return { status: { kind: 'none', path } };
  return {
    status: {
      kind: 'invalid',
      path,
      problems: ['The Windows registry policy could not be read (reg.exe failed).'],
    },
  };
}

import { fixedFeeProblems } from '../../shared/pricing/fee-currency-rule';
import type { ManagedPolicy } from '../../shared/managed-policy';
import {
  checkSetting,
  isSettingKey,
  itOnlySettingKeys,
  type EffectiveSettings,
  type ManagedPolicyStatus,
  type SettingKey,
  type Settings,
  type SettingsWriteError,
  type SettingsWriteResult,
} from '../../shared/settings';
import { silentLogger, type Logger } from '../logging/logger';
import type { LocalSettingsStore } from './local-settings-store';
import { changedSettingKeys } from './setting-changes';
import { readLocalLayer, resolveSettings } from './settings-layers';

/** What loading the managed policy gave (electron/settings/managed-policy-loader.ts). */
export interface ManagedPolicyLoad {
  status: ManagedPolicyStatus;
  /** Present only when the whole file passed. */
  policy?: ManagedPolicy;
  /** Each place policy was looked for, highest first (policy-sources.ts); absent: only `status`. */
  sources?: ManagedPolicyStatus[];
}

export interface SettingsServiceOptions {
  store: LocalSettingsStore;
  defaults: Settings;
  policy: ManagedPolicyLoad;
  logger?: Logger;
}

/**
 * Told after every write, reset or policy swap. `changedKeys` names the settings whose
 * effective value changed (empty when only a source or a lock moved), so each listener
 * redoes only the work its own settings call for.
 */
type SettingsChangeListener = (
  settings: EffectiveSettings,
  changedKeys: ReadonlySet<SettingKey>,
) => void;

export interface SettingsService {
  current(): EffectiveSettings;
  /** Writes some keys (all or none). `patch` is unchecked input, e.g. from IPC. */
  update(patch: unknown): SettingsWriteResult;
  /** Removes the local value of some keys, so the preset or default applies again. */
  reset(keys: unknown): SettingsWriteResult;
  /**
   * Writes the service address. Only the connection change calls it
   * (electron/connection/service-connector.ts), once the address passed its test with a token and
   * that token is saved bound to its origin: `update` and `reset` refuse this key.
   */
  saveServiceAddress(baseUrl: string): SettingsWriteResult;
  /** For a policy re-read at run time; the new file replaces the old one entirely. */
  replacePolicy(policy: ManagedPolicyLoad): EffectiveSettings;
  onChange(listener: SettingsChangeListener): () => void;
}

export function createSettingsService(options: SettingsServiceOptions): SettingsService {
  const { store, defaults } = options;
  const logger = options.logger ?? silentLogger;
  let policy = options.policy;
  const listeners = new Set<SettingsChangeListener>();
  let lastLocalProblems = '';

  const compute = (): EffectiveSettings => {
    let raw: Record<string, unknown>;
    try {
      raw = store.read();
    } catch (error) {
      logger.error('settings: the local settings could not be read; using presets and defaults', {
        error: (error as Error).message,
      });
      raw = {};
    }
    const effective = resolveSettings({
      defaults,
      local: readLocalLayer(raw),
      policy: policy.policy,
      policyStatus: policy.status,
      policySources: policy.sources ?? [policy.status],
    });
    const problems = effective.localProblems.join(' ');
    if (problems !== '' && problems !== lastLocalProblems)
      logger.warn('settings: ignored saved values', { problems });
    lastLocalProblems = problems;
    return effective;
  };

  let effective = compute();

  const publish = () => {
    const before = effective;
    effective = compute();
    const changedKeys = changedSettingKeys(before.values, effective.values);
    for (const listener of listeners) listener(effective, changedKeys);
    return effective;
  };

  /** Keys the till may not write: locked by the policy, or set by IT only. */
  const lockedAmong = (keys: readonly SettingKey[]) =>
    keys.filter((key) => effective.keys[key].locked || itOnlySettingKeys.has(key));

  const fail = (error: SettingsWriteError): SettingsWriteResult => ({ ok: false, error });

  const readKeys = (
    input: unknown,
  ): { ok: true; keys: SettingKey[] } | { ok: false; problems: string[] } => {
    if (!Array.isArray(input)) return { ok: false, problems: ['Give a list of setting names.'] };
    const unknown = input.filter((key) => typeof key !== 'string' || !isSettingKey(key));
    if (unknown.length > 0) {
      return {
        ok: false,
        problems: unknown.map((key) => `There is no setting called ${JSON.stringify(key)}.`),
      };
    }
    return { ok: true, keys: [...new Set(input as SettingKey[])] };
  };

  const managedError = (keys: readonly SettingKey[]): SettingsWriteResult =>
    fail({
      kind: 'managed',
      message: `${keys.join(', ')} ${keys.length === 1 ? 'is' : 'are'} managed by your IT department and cannot be changed here.`,
      problems: keys.map((key) =>
        itOnlySettingKeys.has(key)
          ? `${key} is set by the managed policy only.`
          : `${key} is locked by the managed policy.`,
      ),
    });

  /**
   * The address moves only with a token tested against it: a write of the address alone
   * would send the stored token to a host it was never tested with.
   */
  const connectionError = (): SettingsWriteResult =>
    fail({
      kind: 'connection',
      message: 'Nothing was saved.',
      problems: [
        'The payment service address changes only together with its API token: enter both in ' +
          'Settings → IT → Payment service, where they are tested before they are saved. Nothing was saved.',
      ],
    });

  const storageError = (error: unknown): SettingsWriteResult => {
    logger.error('settings: writing the local settings failed', {
      error: (error as Error).message,
    });
    return fail({
      kind: 'storage',
      message: 'The settings could not be saved on this computer.',
      problems: [(error as Error).message],
    });
  };

  return {
    current: () => effective,

    update(patch) {
      if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
        return fail({
          kind: 'invalid',
          message: 'Nothing was saved.',
          problems: ['The change must be an object of settings.'],
        });
      }
      const entries = Object.entries(patch);
      const known = readKeys(entries.map(([key]) => key));
      if (!known.ok)
        return fail({ kind: 'invalid', message: 'Nothing was saved.', problems: known.problems });
      const locked = lockedAmong(known.keys);
      if (locked.length > 0) return managedError(locked);
      if (known.keys.includes('serviceBaseUrl')) return connectionError();

      const checked: Record<string, unknown> = {};
      const problems: string[] = [];
      for (const [key, value] of entries) {
        const check = checkSetting(key as SettingKey, value);
        if (check.ok) checked[key] = check.value;
        else problems.push(check.problem);
      }
      // Rules across settings: a fixed fee belongs to its currency.
      problems.push(...fixedFeeProblems(effective.values, checked));
      if (problems.length > 0)
        return fail({ kind: 'invalid', message: 'Nothing was saved.', problems });
      try {
        store.write(checked as Partial<Settings>);
      } catch (error) {
        return storageError(error);
      }
      return { ok: true, settings: publish() };
    },

    reset(input) {
      const known = readKeys(input);
      if (!known.ok)
        return fail({ kind: 'invalid', message: 'Nothing was reset.', problems: known.problems });
      const locked = lockedAmong(known.keys);
      if (locked.length > 0) return managedError(locked);
      if (known.keys.includes('serviceBaseUrl')) return connectionError();
      try {
        store.remove(known.keys);
      } catch (error) {
        return storageError(error);
      }
      return { ok: true, settings: publish() };
    },

    saveServiceAddress(baseUrl) {
      if (lockedAmong(['serviceBaseUrl']).length > 0) return managedError(['serviceBaseUrl']);
      const check = checkSetting('serviceBaseUrl', baseUrl);
      if (!check.ok)
        return fail({ kind: 'invalid', message: 'Nothing was saved.', problems: [check.problem] });
      try {
        store.write({ serviceBaseUrl: check.value });
      } catch (error) {
        return storageError(error);
      }
      return { ok: true, settings: publish() };
    },

    replacePolicy(next) {
      policy = next;
      return publish();
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

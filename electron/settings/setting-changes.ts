import { isDeepStrictEqual } from 'node:util';
import { settingKeys, type SettingKey, type Settings } from '../../shared/settings';

/**
 * The keys whose effective value differs between two resolutions of the layers, whichever
 * layer moved (a local write, a reset, a new managed policy). Values are compared by content:
 * `customerDisplay` is an object that is rebuilt on every resolution.
 */
export function changedSettingKeys(before: Settings, after: Settings): ReadonlySet<SettingKey> {
  return new Set(settingKeys.filter((key) => !isDeepStrictEqual(before[key], after[key])));
}

import { build } from 'plist';
import { defaultSettings, settingKeys } from '../../shared/settings';

/** The sample policy (resources/managed/policy.sample.json) the profile is made from. */
export interface SamplePolicy {
  settings: Record<string, unknown>;
  locked: string[];
}

/**
 * resources/managed/counter.mobileconfig, a sample profile for macOS MDM: the sample policy's
 * locked settings at the top of the payload, every other setting under Recommended with its
 * default, so IT sees every name and deletes what it does not set. Identifiers are fixed so
 * the file is reproducible; IT replaces them.
 */
export function mobileconfigTemplate(sample: SamplePolicy): string {
  // The machine's zone is not the sample's: the profile shows the default of a UTC machine.
  const defaults = defaultSettings({ reportTimeZone: 'UTC' }) as Record<string, unknown>;
  // A plist has no null: an empty text is null where the setting allows it (plist-policy.ts).
  const asPlist = (value: unknown) => (value === null ? '' : value);
  const payload: Record<string, unknown> = {
    PayloadType: 'com.counterapp.till',
    PayloadIdentifier: 'com.counterapp.till.policy',
    PayloadUUID: '6F0C2B1E-6A59-4D2B-9C1E-7C0A5D2F0001',
    PayloadVersion: 1,
    PayloadDisplayName: 'Counter settings',
  };
  const recommended: Record<string, unknown> = {};
  for (const key of settingKeys) {
    const value = asPlist(sample.settings[key] ?? defaults[key]);
    if (sample.locked.includes(key)) payload[key] = value;
    else recommended[key] = value;
  }
  payload.Recommended = recommended;
  return `${build({
    PayloadContent: [payload],
    PayloadDisplayName: 'Counter till settings',
    PayloadIdentifier: 'com.counterapp.till.profile',
    PayloadType: 'Configuration',
    PayloadUUID: '6F0C2B1E-6A59-4D2B-9C1E-7C0A5D2F0000',
    PayloadVersion: 1,
    PayloadScope: 'System',
  } as Parameters<typeof build>[0])}\n`;
}

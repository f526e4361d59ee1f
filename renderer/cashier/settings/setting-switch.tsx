import { Switch } from '@mantine/core';
import type { EffectiveSettings, SettingKey, Settings } from '../../../shared/settings';
import { SettingLabel } from './setting-label';

/** The settings that are on or off. */
type OnOffSettingKey = {
  [Key in SettingKey]: Settings[Key] extends boolean ? Key : never;
}[SettingKey];

const MANAGED = 'Managed by IT: read-only here.';

/** An on/off setting: its switch, where its value comes from, and read-only when IT locked it. */
export function SettingSwitch({
  settings,
  setting,
  label,
  description,
  onSave,
}: {
  settings: EffectiveSettings;
  setting: OnOffSettingKey;
  label: string;
  description: string;
  onSave: (value: boolean) => void;
}) {
  const locked = settings.keys[setting].locked;
  return (
    <Switch
      size="lg"
      label={<SettingLabel settings={settings} setting={setting} text={label} />}
      description={locked ? MANAGED : description}
      checked={settings.values[setting]}
      disabled={locked}
      data-testid={`setting-${setting}`}
      onChange={(event) => onSave(event.currentTarget.checked)}
    />
  );
}

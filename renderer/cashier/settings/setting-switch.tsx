import { Switch } from '@mantine/core';
import type { PageSettings, SettingKey, Settings } from '../../../shared/settings';
import { ReadOnlySetting } from './read-only-setting';
import { SettingLabel } from './setting-label';

/** The settings that are on or off. */
type OnOffSettingKey = {
  [Key in SettingKey]: Settings[Key] extends boolean ? Key : never;
}[SettingKey];

/**
 * An on/off setting: its switch, saved at once, with who set the value in effect; as text
 * when IT locked it or the person may not change it (`editable` false).
 */
export function SettingSwitch({
  settings,
  setting,
  label,
  description,
  editable = true,
  onSave,
}: {
  settings: PageSettings;
  setting: OnOffSettingKey;
  label: string;
  description: string;
  editable?: boolean;
  onSave: (value: boolean) => void;
}) {
  if (settings.keys[setting].locked || !editable) {
    return <ReadOnlySetting settings={settings} setting={setting} label={label} />;
  }
  return (
    <Switch
      size="lg"
      label={<SettingLabel settings={settings} setting={setting} text={label} />}
      description={description}
      checked={settings.values[setting]}
      data-testid={`setting-${setting}`}
      onChange={(event) => onSave(event.currentTarget.checked)}
    />
  );
}

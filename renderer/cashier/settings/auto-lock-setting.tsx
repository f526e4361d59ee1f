import { Select } from '@mantine/core';
import type { PageSettings } from '../../../shared/settings';
import { ReadOnlySetting } from './read-only-setting';
import { SettingLabel } from './setting-label';
import { autoLockWords, settingTitles } from './setting-words';
import type { SaveSettings } from './use-settings-save';

const minuteChoices = [0, 1, 2, 5, 10, 15, 20, 30, 45, 60, 90, 120, 240];

/**
 * How long the till waits without use before it signs the person out (with staff PINs), saved
 * at once; a value set elsewhere that is not in the list is kept in it.
 */
export function AutoLockSetting({
  settings,
  save,
}: {
  settings: PageSettings;
  save: SaveSettings;
}) {
  if (settings.keys.autoLockMinutes.locked) {
    return <ReadOnlySetting settings={settings} setting="autoLockMinutes" />;
  }
  const current = settings.values.autoLockMinutes;
  const minutes = minuteChoices.includes(current)
    ? minuteChoices
    : [...minuteChoices, current].sort((a, b) => a - b);
  return (
    <Select
      size="md"
      w={320}
      label={
        <SettingLabel
          settings={settings}
          setting="autoLockMinutes"
          text={settingTitles.autoLockMinutes}
        />
      }
      description="Without use for this long, the till signs the person out (only with staff PINs)."
      data={minutes.map((value) => ({ value: String(value), label: autoLockWords(value) }))}
      value={String(current)}
      allowDeselect={false}
      data-testid="setting-autoLockMinutes"
      onChange={(value) => {
        if (value !== null && Number(value) !== current)
          void save({ autoLockMinutes: Number(value) });
      }}
    />
  );
}

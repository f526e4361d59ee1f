import { Select } from '@mantine/core';
import type { PageSettings } from '../../../shared/settings';
import { ReadOnlySetting } from './read-only-setting';
import { SettingLabel } from './setting-label';
import { settingTitles, shiftRequiredChoices } from './setting-words';
import type { SaveSettings } from './use-settings-save';

/** Whether the till sells only while a shift is open, saved at once. */
export function ShiftRequiredSetting({
  settings,
  save,
}: {
  settings: PageSettings;
  save: SaveSettings;
}) {
  if (settings.keys.shiftRequired.locked) {
    return <ReadOnlySetting settings={settings} setting="shiftRequired" />;
  }
  const current = settings.values.shiftRequired;
  return (
    <Select
      size="md"
      w={420}
      label={
        <SettingLabel
          settings={settings}
          setting="shiftRequired"
          text={settingTitles.shiftRequired}
        />
      }
      description="Sales taken with no shift open go to the next shift opened; its report lists them."
      data={shiftRequiredChoices}
      value={current}
      allowDeselect={false}
      data-testid="setting-shiftRequired"
      onChange={(value) => {
        if (value !== null && value !== current)
          void save({ shiftRequired: value as PageSettings['values']['shiftRequired'] });
      }}
    />
  );
}

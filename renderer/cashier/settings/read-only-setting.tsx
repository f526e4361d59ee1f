import { Group, Stack, Text } from '@mantine/core';
import type { PageSettings, SettingKey } from '../../../shared/settings';
import { settingTitles, settingValueWords } from './setting-words';
import { SourceBadge } from './source-badge';

/**
 * A setting the person cannot change here, as text: IT locked it (with "Managed by IT"), only
 * IT sets it, or the section is not theirs to change. Never an input, so nothing suggests it
 * could be typed into.
 */
export function ReadOnlySetting({
  settings,
  setting,
  label = settingTitles[setting],
  testId = `setting-${setting}`,
}: {
  settings: PageSettings;
  setting: SettingKey;
  label?: string;
  testId?: string;
}) {
  const locked = settings.keys[setting].locked;
  return (
    <Stack gap={2} data-testid={testId} data-locked={locked || undefined} data-read-only>
      <Group gap={6}>
        <Text fw={600} size="sm">
          {label}
        </Text>
        <SourceBadge settings={settings} setting={setting} />
      </Group>
      <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-value>
        {settingValueWords(setting, settings.values[setting])}
      </Text>
    </Stack>
  );
}

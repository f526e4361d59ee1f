import { Group } from '@mantine/core';
import type { PageSettings, SettingKey } from '../../../shared/settings';
import { SourceBadge } from './source-badge';

/** A setting's label: its words, then who set the value in effect (IT, this till, default). */
export function SettingLabel({
  settings,
  setting,
  text,
}: {
  settings: PageSettings;
  setting: SettingKey;
  text: string;
}) {
  return (
    <Group gap={6} component="span">
      <span>{text}</span>
      <SourceBadge settings={settings} setting={setting} />
    </Group>
  );
}

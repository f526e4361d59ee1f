import { Badge } from '@mantine/core';
import type { PageSettings, SettingKey } from '../../../shared/settings';
import { sourceLabel } from './setting-fields';

/** "Managed by IT" (locked) or, quieter, "Preset by IT" beside a setting; nothing for the rest. */
export function SourceBadge({
  settings,
  setting,
}: {
  settings: PageSettings;
  setting: SettingKey;
}) {
  const label = sourceLabel(settings, setting);
  if (!label) return null;
  return (
    <Badge
      size="sm"
      variant={settings.keys[setting].locked ? 'filled' : 'light'}
      color={label.color}
      data-testid={settings.keys[setting].locked ? `managed-${setting}` : `source-${setting}`}
      leftSection={settings.keys[setting].locked ? <LockGlyph /> : undefined}
    >
      {label.text}
    </Badge>
  );
}

function LockGlyph() {
  return (
    <svg aria-hidden width="10" height="12" viewBox="0 0 10 12" fill="currentColor">
      <path d="M2 5V3.5a3 3 0 0 1 6 0V5h1v7H1V5h1zm1.5 0h3V3.5a1.5 1.5 0 0 0-3 0V5z" />
    </svg>
  );
}

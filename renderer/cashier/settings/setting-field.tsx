import { TextInput } from '@mantine/core';
import type { EffectiveSettings } from '../../../shared/settings';
import { ChoiceSelect } from './choice-select';
import type { TextSettingField } from './setting-fields';
import { SettingLabel } from './setting-label';

/**
 * One setting of the till form: typed, or picked from its searchable list; read-only with
 * IT's badge when managed, and main's problem with the value right under it.
 */
export function SettingField({
  field,
  settings,
  value,
  problem,
  onChange,
}: {
  field: TextSettingField;
  settings: EffectiveSettings;
  value: string;
  problem: string | undefined;
  onChange: (value: string) => void;
}) {
  const locked = settings.keys[field.key].locked;
  const shared = {
    label: <SettingLabel settings={settings} setting={field.key} text={field.label} />,
    description: locked ? 'Managed by IT: read-only here.' : field.help,
    error: problem,
    readOnly: locked,
    disabled: locked,
    'data-testid': `setting-${field.key}`,
    'data-locked': locked || undefined,
  };
  if (field.choices) {
    return (
      <ChoiceSelect {...shared} choices={field.choices(value)} value={value} onChoose={onChange} />
    );
  }
  return (
    <TextInput
      {...shared}
      placeholder={field.placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

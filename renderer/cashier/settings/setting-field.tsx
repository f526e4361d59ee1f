import { Select, Textarea, TextInput } from '@mantine/core';
import { ChoiceSelect } from './choice-select';
import { ReadOnlySetting } from './read-only-setting';
import type { SettingFieldProps } from './setting-fields';
import { SettingLabel } from './setting-label';
import { ShopLogoField } from './shop-logo-field';

/**
 * One setting of a section's form: typed, or picked from its list; main's problem with the
 * value right under it. A setting IT locked is never an input: it is shown as text with IT's
 * badge.
 */
export function SettingField({ field, settings, value, problem, onChange }: SettingFieldProps) {
  if (settings.keys[field.key].locked) {
    return <ReadOnlySetting settings={settings} setting={field.key} label={field.label} />;
  }
  if (field.key === 'shopLogo') {
    return (
      <ShopLogoField
        field={field}
        settings={settings}
        value={value}
        problem={problem}
        onChange={onChange}
      />
    );
  }
  const shared = {
    label: <SettingLabel settings={settings} setting={field.key} text={field.label} />,
    description: field.help,
    error: problem,
    'data-testid': `setting-${field.key}`,
  };
  if (field.choices) {
    return (
      <ChoiceSelect {...shared} choices={field.choices(value)} value={value} onChoose={onChange} />
    );
  }
  if (field.options) {
    return (
      <Select
        {...shared}
        data={field.options}
        value={value}
        allowDeselect={false}
        onChange={(next) => {
          if (next !== null) onChange(next);
        }}
      />
    );
  }
  if (field.lines) {
    return (
      <Textarea
        {...shared}
        rows={field.lines}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
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

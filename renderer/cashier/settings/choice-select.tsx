import { Select, type SelectProps } from '@mantine/core';
import type { SettingChoice } from './setting-choices';

type ChoiceSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  choices: SettingChoice[];
  value: string;
  onChoose: (value: string) => void;
};

/**
 * A setting picked from a long list (currencies, time zones): typing filters it by any part
 * of the words, Enter takes the first match, and a value once chosen is never emptied.
 */
export function ChoiceSelect({ choices, value, onChoose, ...selectProps }: ChoiceSelectProps) {
  return (
    <Select
      {...selectProps}
      data={choices}
      value={value}
      searchable
      selectFirstOptionOnChange
      allowDeselect={false}
      nothingFoundMessage="Nothing matches"
      maxDropdownHeight={320}
      onChange={(next) => {
        if (next !== null) onChoose(next);
      }}
    />
  );
}

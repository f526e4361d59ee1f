import type { EffectiveSettings, SettingKey, Settings } from '../../../shared/settings';
import { currencyChoices, timeZoneChoices, type SettingChoice } from './setting-choices';

/**
 * The settings the form edits as text, with their labels and help (the schema's keys, in
 * screen order); the ones with `choices` are picked from a searchable list instead of typed. Not the service address: main refuses it in a settings write, since it
 * changes only together with its token (connection-panel.tsx).
 */
export interface TextSettingField {
  key: Extract<
    SettingKey,
    | 'serialNumber'
    | 'currency'
    | 'feeValue'
    | 'feePercent'
    | 'feeFixed'
    | 'serviceTimeZone'
    | 'reportTimeZone'
    | 'shopName'
    | 'nfcAid'
  >;
  label: string;
  help: string;
  placeholder?: string;
  /** The list to pick from, given the value in effect (which the list always holds). */
  choices?: (current: string) => SettingChoice[];
}

export const textSettingFields: TextSettingField[] = [
  { key: 'shopName', label: 'Shop name', help: 'Shown on the customer display and in exports.' },
  {
    key: 'serialNumber',
    label: 'Till serial number',
    help: 'As registered with the payment service.',
  },
  {
    key: 'currency',
    label: "Shop's currency",
    help: 'Prices are typed in it and the wallet shows it. Type a code or a name to find it.',
    choices: currencyChoices,
  },
  {
    key: 'feePercent',
    label: 'Fee, percent of the price',
    help: 'Added to sales priced in money; 0 for none.',
  },
  {
    key: 'feeFixed',
    label: 'Fee, fixed amount',
    help: "In the shop's currency, added to sales priced in money; 0 for none.",
  },
  {
    key: 'feeValue',
    label: 'Fee per QR sale typed in asset units',
    help: 'In units of the chosen asset; 0 for none.',
  },
  {
    key: 'serviceTimeZone',
    label: 'Service time zone',
    help: 'The zone the service writes expiry times in, e.g. UTC.',
    choices: timeZoneChoices,
  },
  {
    key: 'reportTimeZone',
    label: 'Report time zone',
    help: 'Day reports are cut at midnight in this zone.',
    choices: timeZoneChoices,
  },
  {
    key: 'nfcAid',
    label: 'Wallet NFC AID',
    help: 'Hex, 5 to 16 bytes; change only when IT says so.',
  },
];

export type TextDraft = Record<TextSettingField['key'], string>;

export function draftOf(values: Settings): TextDraft {
  return Object.fromEntries(
    textSettingFields.map((field) => [field.key, values[field.key]]),
  ) as TextDraft;
}

/**
 * The keys the cashier changed, without the locked ones (a managed value cannot be written:
 * main would refuse the whole patch).
 */
export function changedPatch(draft: TextDraft, settings: EffectiveSettings): Partial<TextDraft> {
  const patch: Partial<TextDraft> = {};
  for (const field of textSettingFields) {
    if (settings.keys[field.key].locked) continue;
    if (draft[field.key] !== settings.values[field.key]) patch[field.key] = draft[field.key];
  }
  return patch;
}

/** Badge text for where a value comes from. */
export function sourceLabel(
  settings: EffectiveSettings,
  key: SettingKey,
): { text: string; color: string } | null {
  const state = settings.keys[key];
  if (state.locked) return { text: 'Managed by IT', color: 'grape' };
  if (state.source === 'managed') return { text: 'Preset by IT', color: 'blue' };
  if (state.source === 'default') return { text: 'Default', color: 'gray' };
  return null;
}

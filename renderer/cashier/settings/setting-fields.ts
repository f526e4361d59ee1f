import type { PageSettings, PageSettingValues, SettingKey } from '../../../shared/settings';
import { currencyChoices, timeZoneChoices, type SettingChoice } from './setting-choices';
import { amountEntryChoices, settingTitles } from './setting-words';

/**
 * The settings the sections' forms edit as text and save with their section's Save, with
 * their help (the words are setting-words.ts'); the ones with `choices` are picked from a
 * searchable list, `options` from a short one, `lines` are typed on several lines, and the
 * logo has its own field. Not the service address: main refuses it in a settings write, since
 * it changes only together with its token (connection-panel.tsx).
 */
export type DraftKey = Extract<
  SettingKey,
  | 'shopName'
  | 'shopLogo'
  | 'shopAddress'
  | 'shopTaxId'
  | 'reportTimeZone'
  | 'currency'
  | 'amountEntry'
  | 'feePercent'
  | 'feeFixed'
  | 'feeValue'
  | 'serialNumber'
  | 'serviceTimeZone'
  | 'nfcAid'
>;

export interface TextSettingField {
  key: DraftKey;
  label: string;
  help: string;
  placeholder?: string;
  /** The list to pick from, given the value in effect (which the list always holds). */
  choices?: (current: string) => SettingChoice[];
  /** A short list, picked without typing. */
  options?: SettingChoice[];
  /** Typed on this many lines. */
  lines?: number;
}

const field = (key: DraftKey, rest: Omit<TextSettingField, 'key' | 'label'>) => ({
  key,
  label: settingTitles[key],
  ...rest,
});

export const textSettingFields: Record<DraftKey, TextSettingField> = {
  shopName: field('shopName', { help: 'Shown on the customer display and in exports.' }),
  shopLogo: field('shopLogo', {
    help: 'Shown on the customer display: a PNG, JPEG, WebP or SVG image of at most 256 KiB, or an https address (shown here without its part after "?", which the till keeps).',
    placeholder: 'https://shop.example.com/logo.png',
  }),
  shopAddress: field('shopAddress', {
    help: 'Printed on receipts: up to 4 lines of at most 60 characters.',
    lines: 4,
  }),
  shopTaxId: field('shopTaxId', { help: 'VAT or tax number, printed under the address.' }),
  reportTimeZone: field('reportTimeZone', {
    help: 'Day reports are cut at midnight in this zone.',
    choices: timeZoneChoices,
  }),
  currency: field('currency', {
    help: 'Prices are typed in it and the wallet shows it. Type a code or a name to find it.',
    choices: currencyChoices,
  }),
  amountEntry: field('amountEntry', {
    help: 'How the cashier types the price of a sale.',
    options: amountEntryChoices,
  }),
  feePercent: field('feePercent', { help: 'Added to sales priced in money; 0 for none.' }),
  feeFixed: field('feeFixed', {
    help: "In the shop's currency, added to sales priced in money; 0 for none.",
  }),
  feeValue: field('feeValue', { help: 'In units of the chosen asset; 0 for none.' }),
  serialNumber: field('serialNumber', { help: 'As registered with the payment service.' }),
  serviceTimeZone: field('serviceTimeZone', {
    help: 'The zone the service writes expiry times in, e.g. UTC.',
    choices: timeZoneChoices,
  }),
  nfcAid: field('nfcAid', { help: 'Hex, 5 to 16 bytes; change only when IT says so.' }),
};

const draftKeys = Object.keys(textSettingFields) as DraftKey[];

export type TextDraft = Record<DraftKey, string>;

export function draftOf(values: PageSettingValues): TextDraft {
  return Object.fromEntries(draftKeys.map((key) => [key, values[key]])) as TextDraft;
}

/**
 * The draft once main's settings moved from `before` to `after` (a save, IT's policy, another
 * section's change): a value main changed replaces what was typed for it; every other field
 * keeps what the person typed, in whichever section it is.
 */
export function rebaseDraft(
  draft: TextDraft,
  before: PageSettingValues,
  after: PageSettingValues,
): TextDraft {
  const next = { ...draft };
  for (const key of draftKeys) if (before[key] !== after[key]) next[key] = after[key];
  return next;
}

/**
 * The keys of `keys` (one section's, or all) the person changed, without the locked ones (a
 * managed value cannot be written: main would refuse the whole patch).
 */
export function changedPatch(
  draft: TextDraft,
  settings: PageSettings,
  keys: readonly DraftKey[] = draftKeys,
): Partial<TextDraft> {
  const patch: Partial<TextDraft> = {};
  for (const key of keys) {
    if (settings.keys[key].locked) continue;
    if (draft[key] !== settings.values[key]) patch[key] = draft[key];
  }
  return patch;
}

/**
 * Badge text for where a value comes from: IT locked it, or IT preset it (the till may change
 * it). A default or the till's own value needs no badge.
 */
export function sourceLabel(
  settings: PageSettings,
  key: SettingKey,
): { text: string; color: string } | null {
  const state = settings.keys[key];
  if (state.locked) return { text: 'Managed by IT', color: 'grape' };
  if (state.source === 'managed') return { text: 'Preset by IT', color: 'gray' };
  return null;
}

/** What a field of a section's form is given: its setting, the value typed, main's problem. */
export interface SettingFieldProps {
  field: TextSettingField;
  settings: PageSettings;
  value: string;
  problem: string | undefined;
  onChange: (value: string) => void;
}

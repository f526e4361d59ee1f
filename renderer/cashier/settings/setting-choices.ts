/** One entry of a settings list: the value saved and the words the cashier reads and searches. */
export interface SettingChoice {
  value: string;
  label: string;
}

// The lists come from the browser's own Intl data, the same the rest of the page formats with.
let currencies: SettingChoice[] | undefined;
let timeZones: SettingChoice[] | undefined;

/** Every ISO 4217 currency the browser knows, "EUR — Euro", searchable by code or name. */
function allCurrencies(): SettingChoice[] {
  if (!currencies) {
    const names = new Intl.DisplayNames(['en'], { type: 'currency', fallback: 'none' });
    currencies = Intl.supportedValuesOf('currency').map((code) => {
      const name = names.of(code);
      return { value: code, label: name && name !== code ? `${code} — ${name}` : code };
    });
  }
  return currencies;
}

/** UTC first (what most services write in), then every IANA zone, "America/New York". */
function allTimeZones(): SettingChoice[] {
  timeZones ??= [
    { value: 'UTC', label: 'UTC' },
    ...Intl.supportedValuesOf('timeZone')
      .filter((zone) => zone !== 'UTC')
      .map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })),
  ];
  return timeZones;
}

/**
 * The list with the value in effect always in it: a code IT locked or preset, or one this
 * browser does not list, stays shown as it is rather than as an empty field.
 */
function withCurrent(choices: SettingChoice[], current: string): SettingChoice[] {
  if (current === '' || choices.some((choice) => choice.value === current)) return choices;
  return [{ value: current, label: current }, ...choices];
}

export const currencyChoices = (current: string) => withCurrent(allCurrencies(), current);
export const timeZoneChoices = (current: string) => withCurrent(allTimeZones(), current);

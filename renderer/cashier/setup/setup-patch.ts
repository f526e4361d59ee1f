import type { PageSettings } from '../../../shared/settings';

export interface SetupFields {
  serviceBaseUrl: string;
  serialNumber: string;
  currency: string;
  feeValue: string;
}

/** The fields first run writes as the till's own settings; the address goes with the token. */
type TillFields = Omit<SetupFields, 'serviceBaseUrl'>;
const tillFieldKeys: readonly (keyof TillFields)[] = ['serialNumber', 'currency', 'feeValue'];

/**
 * What first run writes with updateSettings: the changed fields IT does not manage (a locked
 * key would make main refuse the whole patch). Never the service address: main refuses it
 * there, since it changes only together with its token (`setupConnection`).
 */
export function setupPatch(fields: SetupFields, settings: PageSettings): Partial<TillFields> {
  const patch: Partial<TillFields> = {};
  for (const key of tillFieldKeys) {
    const value = fields[key].trim();
    if (settings.keys[key].locked || value === settings.values[key]) continue;
    patch[key] = value;
  }
  return patch;
}

/**
 * Words for an address main sent with a part hidden ("https://pay.example.com/…/v1/cf-payment":
 * a gateway's path may hold a key); null for an address shown whole. Sent back as it is, that
 * address means the one in effect.
 */
export function hiddenAddressWords(address: string): string | null {
  return address.includes('/…/')
    ? 'The till keeps the part shown as “…” to itself. Leave it as it is to keep this address.'
    : null;
}

/**
 * What connectService gets: the address (IT's, when it is locked) with the token typed for it.
 * An address with a hidden part goes back as main sent it: main reads it as the one in effect.
 */
export function setupConnection(
  fields: SetupFields,
  token: string,
  settings: PageSettings,
): { baseUrl: string; token: string } {
  const baseUrl = settings.keys.serviceBaseUrl.locked
    ? settings.values.serviceBaseUrl
    : fields.serviceBaseUrl.trim();
  return { baseUrl, token: token.trim() };
}

import type { EffectiveSettings } from '../../../shared/settings';

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
export function setupPatch(fields: SetupFields, settings: EffectiveSettings): Partial<TillFields> {
  const patch: Partial<TillFields> = {};
  for (const key of tillFieldKeys) {
    const value = fields[key].trim();
    if (settings.keys[key].locked || value === settings.values[key]) continue;
    patch[key] = value;
  }
  return patch;
}

/** What connectService gets: the address (IT's, when it is locked) with the token typed for it. */
export function setupConnection(
  fields: SetupFields,
  token: string,
  settings: EffectiveSettings,
): { baseUrl: string; token: string } {
  const baseUrl = settings.keys.serviceBaseUrl.locked
    ? settings.values.serviceBaseUrl
    : fields.serviceBaseUrl.trim();
  return { baseUrl, token: token.trim() };
}

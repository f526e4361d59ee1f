import type { EffectiveSettings } from '../../../shared/settings';

export interface SetupFields {
  serviceBaseUrl: string;
  serialNumber: string;
  currency: string;
  feeValue: string;
}

/** What first run writes: the changed fields IT does not manage (a locked key would make main refuse the whole patch). */
export function setupPatch(fields: SetupFields, settings: EffectiveSettings): Partial<SetupFields> {
  const patch: Partial<SetupFields> = {};
  for (const key of Object.keys(fields) as (keyof SetupFields)[]) {
    const value = fields[key].trim();
    if (settings.keys[key].locked || value === settings.values[key]) continue;
    patch[key] = value;
  }
  return patch;
}

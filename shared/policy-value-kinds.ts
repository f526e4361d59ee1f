import { z } from 'zod';
import { settingKeys, settingSchemas, type SettingKey } from './settings';

/**
 * How each setting is written where the OS's management tools put policy: the Windows
 * registry and macOS managed preferences hold typed values, not JSON files.
 *   boolean  Windows REG_DWORD 0 or 1; macOS <true/> or <false/>
 *   text     Windows REG_SZ; macOS <string> (an empty text is null where the setting allows null)
 *   list     Windows REG_MULTI_SZ, or REG_SZ holding a JSON array; macOS <array> of <string>
 *   object   Windows REG_SZ holding a JSON object; macOS <dict>
 * Derived from the settings schema, so a new setting gets its kind without a second table.
 */
type PolicyValueKind = 'boolean' | 'text' | 'list' | 'object';

export interface PolicyValueShape {
  kind: PolicyValueKind;
  /** The setting accepts null (written as an empty text). */
  nullable: boolean;
  /** The schema's description, for IT's templates. */
  description: string;
}

interface JsonSchemaPart {
  type?: string;
  anyOf?: JsonSchemaPart[];
  description?: string;
}

function shapeOf(key: SettingKey): PolicyValueShape {
  const schema = z.toJSONSchema(settingSchemas[key], {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchemaPart;
  const types = (schema.anyOf ?? [schema]).map((part) => part.type);
  const nullable = types.includes('null');
  const main = types.find((type) => type !== 'null');
  const kind: PolicyValueKind =
    main === 'boolean'
      ? 'boolean'
      : main === 'array'
        ? 'list'
        : main === 'object'
          ? 'object'
          : 'text';
  return { kind, nullable, description: schema.description ?? key };
}

/** Every setting's shape, in the schema's key order. */
export const policyValueShapes: Readonly<Record<SettingKey, PolicyValueShape>> = Object.fromEntries(
  settingKeys.map((key) => [key, shapeOf(key)]),
) as Record<SettingKey, PolicyValueShape>;

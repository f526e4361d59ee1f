import { z } from 'zod';
import { settingKeys, settingSchemas, type SettingKey } from './settings';

/**
 * How each setting is written where the OS's management tools put policy: the Windows
 * registry and macOS managed preferences hold typed values, not JSON files.
 *   boolean  Windows REG_DWORD 0 or 1; macOS <true/> or <false/>
 *   number   Windows REG_DWORD; macOS <integer>
 *   text     Windows REG_SZ; macOS <string> (an empty text is null where the setting allows null)
 *   list     Windows REG_MULTI_SZ, or REG_SZ holding a JSON array; macOS <array> of <string>
 *   object   Windows REG_SZ holding JSON (an object, or a list of objects); macOS <dict> / <array>
 * Derived from the settings schema, so a new setting gets its kind without a second table.
 */
type PolicyValueKind = 'boolean' | 'number' | 'text' | 'list' | 'object';

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
  items?: JsonSchemaPart;
  description?: string;
}

function shapeOf(key: SettingKey): PolicyValueShape {
  const schema = z.toJSONSchema(settingSchemas[key], {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchemaPart;
  const parts = schema.anyOf ?? [schema];
  const nullable = parts.some((part) => part.type === 'null');
  const main = parts.find((part) => part.type !== 'null');
  const kind: PolicyValueKind =
    main?.type === 'boolean'
      ? 'boolean'
      : main?.type === 'integer' || main?.type === 'number'
        ? 'number'
        : main?.type === 'array'
          ? // A list of texts is one entry per line; a list of objects is JSON.
            main.items?.type === 'object'
            ? 'object'
            : 'list'
          : main?.type === 'object'
            ? 'object'
            : 'text';
  return { kind, nullable, description: schema.description ?? key };
}

/** Every setting's shape, in the schema's key order. */
export const policyValueShapes: Readonly<Record<SettingKey, PolicyValueShape>> = Object.fromEntries(
  settingKeys.map((key) => [key, shapeOf(key)]),
) as Record<SettingKey, PolicyValueShape>;

import { z } from 'zod';
import {
  describeIssues,
  settingKeys,
  settingSchemas,
  type SettingKey,
  type Settings,
} from './settings';

/**
 * The managed policy IT places on the machine (electron/settings/README.md):
 *
 *   { "version": 1,
 *     "settings": { "serviceBaseUrl": "https://pay.example.com/v1/cf-payment", "demoModeAllowed": false },
 *     "locked": ["serviceBaseUrl", "demoModeAllowed"] }
 *
 * A key in "settings" that is not locked is a preset: it replaces the built-in default and
 * the cashier may still change it. A locked key is read-only in the app. Locking a key
 * without giving its value is a problem (the file must say what it locks in).
 * The file is checked as a whole: any problem and nothing of it applies.
 */

/** Bigger than any sensible policy; a larger file is refused before parsing. */
export const MAX_POLICY_BYTES = 64 * 1024;

const presetSchemas = Object.fromEntries(
  settingKeys.map((key) => [key, settingSchemas[key].optional()]),
) as { [K in SettingKey]: z.ZodOptional<(typeof settingSchemas)[K]> };

const managedPolicySchema = z
  .object({
    /** Lets editors validate the file against policy.schema.json; ignored by the app. */
    $schema: z.string().optional(),
    /** Format version; only 1 exists. */
    version: z.literal(1, { message: 'The policy "version" must be 1.' }).optional(),
    settings: z.object(presetSchemas).strict().default({}),
    locked: z
      .array(
        z.enum(settingKeys as [SettingKey, ...SettingKey[]], {
          message: 'names a setting that does not exist.',
        }),
      )
      .default([]),
  })
  .strict();

export interface ManagedPolicy {
  settings: Partial<Settings>;
  locked: SettingKey[];
}

export type PolicyParse = { ok: true; policy: ManagedPolicy } | { ok: false; problems: string[] };

/**
 * Parses and checks the whole policy text. Never throws, never returns a half policy:
 * either every key passed, or the problems come back (one sentence each) and nothing applies.
 */
export function parseManagedPolicy(text: string): PolicyParse {
  if (typeof text !== 'string')
    return { ok: false, problems: ['The policy file could not be read as text.'] };
  if (text.length > MAX_POLICY_BYTES) {
    return { ok: false, problems: [`The policy file is larger than ${MAX_POLICY_BYTES} bytes.`] };
  }
  // Notepad on Windows saves UTF-8 with a byte order mark; JSON.parse refuses it.
  const body = text.replace(/^\uFEFF/, '');
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    return {
      ok: false,
      problems: [`The policy file is not valid JSON: ${(error as Error).message}`],
    };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return {
      ok: false,
      problems: ['The policy file must hold one JSON object with "settings" and "locked".'],
    };
  }
  return checkManagedPolicy(json);
}

/**
 * Checks a policy already read into an object (the JSON file parsed, or the values of a
 * Windows registry key or a macOS managed-preferences plist put in the same shape).
 * Same whole-policy rule: every key passes, or nothing applies.
 */
export function checkManagedPolicy(json: object): PolicyParse {
  const parsed = managedPolicySchema.safeParse(json, { reportInput: true });
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map(describePolicyIssue) };

  const { settings, locked } = parsed.data;
  const problems: string[] = [];
  const seen = new Set<SettingKey>();
  for (const key of locked) {
    if (seen.has(key)) problems.push(`"locked" names ${key} twice.`);
    seen.add(key);
    if (settings[key] === undefined) {
      problems.push(
        `"locked" names ${key}, but "settings" gives no value for it: give the value to lock.`,
      );
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, policy: { settings: settings as Partial<Settings>, locked: [...seen] } };
}

/**
 * A name as the policy status quotes it, which every page shows: only a name that could be a
 * setting's; anything else (a misspelt key with an address or a key pasted into it) is not
 * repeated, as it may hold a secret.
 */
const SETTING_NAME = /^[A-Za-z][A-Za-z0-9]{0,63}$/;
function quotedName(key: string): string {
  return SETTING_NAME.test(key) ? `"${key}"` : 'a name that is not a setting name (not shown)';
}

function describePolicyIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') {
    const place = where.length === 0 ? 'at the top level' : `in "${where.join('.')}"`;
    return `Unknown ${where[0] === 'settings' ? 'setting' : 'entry'} ${issue.keys.map(quotedName).join(', ')} ${place}.`;
  }
  if (where[0] === 'settings' && where[1] !== undefined) {
    // The setting schemas' messages are sentences; name the key they belong to.
    const rest = where.slice(2);
    return `settings.${where[1]}: ${describeIssues([{ ...issue, path: rest }])}`;
  }
  if (where[0] === 'locked') {
    const index = where[1];
    return index === undefined
      ? `"locked" must be a list of setting names.`
      : `"locked" entry ${Number(index) + 1}${typeof issue.input === 'string' ? ` ("${issue.input.slice(0, 40)}")` : ''} ${issue.message}`;
  }
  return `${where.length > 0 ? `${where.join('.')}: ` : ''}${issue.message}`;
}

/** The JSON Schema of the policy file, shipped as resources/managed/policy.schema.json. */
export function managedPolicyJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(managedPolicySchema, {
    io: 'input',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return {
    ...schema,
    $id: 'https://counter-app.invalid/managed/policy.schema.json',
    title: 'Counter app managed policy',
    description:
      'Settings IT presets ("settings") and locks ("locked") on a till. Keys in "locked" must also appear in "settings". The app checks the whole file and applies nothing when any part is wrong.',
  };
}

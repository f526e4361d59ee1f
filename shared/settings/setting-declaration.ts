import type { z } from 'zod';

/**
 * What one setting declares, in one place: how it is checked, what it is when nobody set it,
 * whether only IT may set it, and the words IT reads about it. Everything else about a
 * setting (the app's schema, the defaults, the policy JSON Schema, the ADMX/ADML, the
 * .mobileconfig and README.md's managed-settings table) is built from these declarations,
 * so none of it can be forgotten when a setting is added (scripts/policy-templates.ts).
 */

/** Where a shop manager looks for a setting; one file per domain in this folder. */
export type SettingDomain =
  'service' | 'shop' | 'pricing' | 'staff' | 'printing' | 'display' | 'updates';

/** What only the running machine knows; tests pass fixed values. */
export interface SettingsEnvironment {
  /** The OS zone (Intl.DateTimeFormat().resolvedOptions().timeZone); 'UTC' in tests. */
  reportTimeZone: string;
}

/** The words IT reads: in the ADMX/ADML, the policy JSON Schema and README.md's table. */
interface SettingWords {
  /** A few words naming the setting: the display name of its Group Policy ("Shop name"). */
  title: string;
  /** One or two sentences: the schema's description, the policy's explanation. */
  description: string;
  /** More for README.md's table, where there is room for a caveat; plain text. */
  details?: string;
}

/**
 * A default is a value, or (when only the running machine knows it) a function of the
 * environment, which then also says in words what it gives, since no one value stands for it.
 */
type SettingDefault<Value> =
  | { default: Value; defaultInWords?: never }
  | { default: (environment: SettingsEnvironment) => Value; defaultInWords: string };

export type SettingDeclaration<Schema extends z.ZodType = z.ZodType> = SettingWords &
  SettingDefault<z.output<Schema>> & {
    /** Checks and normalises a value, whoever gives it (the till, IT's policy). */
    schema: Schema;
    /**
     * Set only through IT's managed policy: the app never saves it locally and ignores a
     * saved value, so nobody at the till can widen what IT decided.
     */
    itOnly: boolean;
  };

/** Declares one setting; it only lets TypeScript check the default against the schema. */
export function declareSetting<Schema extends z.ZodType>(
  declaration: SettingDeclaration<Schema>,
): SettingDeclaration<Schema> {
  return declaration;
}

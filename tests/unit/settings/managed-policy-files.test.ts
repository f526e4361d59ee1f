import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { managedPolicyJsonSchema, parseManagedPolicy } from '../../../shared/managed-policy';
import { settingKeys } from '../../../shared/settings';

const managedDir = join(import.meta.dirname, '../../../resources/managed');

describe('resources/managed', () => {
  it('the sample policy passes the app own check', () => {
    const parsed = parseManagedPolicy(readFileSync(join(managedDir, 'policy.sample.json'), 'utf8'));
    expect(parsed).toMatchObject({ ok: true });
    if (!parsed.ok) return;
    expect(parsed.policy.locked).toContain('serviceBaseUrl');
    expect(parsed.policy.settings.demoModeAllowed).toBe(false);
  });

  // The JSON Schema IT's editors use is generated from the zod schema the app checks with,
  // so the two cannot drift. After changing a setting: run this file with `-u`.
  it('policy.schema.json is exactly the one generated from the zod schema', async () => {
    const file = join(managedDir, 'policy.schema.json');
    // Formatted as `npm run format` would, so the generated file also passes format:check.
    const generated = await format(JSON.stringify(managedPolicyJsonSchema(), null, 2), {
      ...(await resolveConfig(file)),
      filepath: file,
    });
    await expect(generated).toMatchFileSnapshot(file);
  });

  it('the schema names every setting and only those', () => {
    const schema = JSON.parse(readFileSync(join(managedDir, 'policy.schema.json'), 'utf8')) as {
      properties: {
        settings: { properties: Record<string, unknown> };
        locked: { items: { enum: string[] } };
      };
    };
    expect(Object.keys(schema.properties.settings.properties).sort()).toEqual(
      [...settingKeys].sort(),
    );
    expect([...schema.properties.locked.items.enum].sort()).toEqual([...settingKeys].sort());
  });

  it('the README documents each OS path and every setting', () => {
    const readme = readFileSync(join(managedDir, 'README.md'), 'utf8');
    expect(readme).toContain('%ProgramData%\\CounterApp\\policy.json');
    expect(readme).toContain('/Library/Application Support/CounterApp/policy.json');
    expect(readme).toContain('/etc/counter-app/policy.json');
    for (const key of settingKeys) expect(readme).toContain(`\`${key}\``);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, parse, type PlistValue } from 'plist';
import { describe, expect, it } from 'vitest';
import { plistPolicyFromBytes } from '../../../electron/settings/plist-policy';
import { registryPolicyFromDump } from '../../../electron/settings/registry-policy';
import { defaultSettings, settingKeys } from '../../../shared/settings';

const managedDir = join(import.meta.dirname, '../../../resources/managed');
const sample = JSON.parse(readFileSync(join(managedDir, 'policy.sample.json'), 'utf8')) as {
  settings: Record<string, unknown>;
  locked: string[];
};

// The templates are generated from the settings declarations by `npm run policy-templates`
// (tests/unit/settings/generated-files.test.ts checks they are up to date); these tests check
// that what IT's tools write from them is what the app reads.
describe('resources/managed templates for the OS management tools', () => {
  const admx = () => readFileSync(join(managedDir, 'counter.admx'), 'utf8');
  const adml = () => readFileSync(join(managedDir, 'en-US/counter.adml'), 'utf8');
  const policiesOf = (text: string) =>
    [
      ...text.matchAll(
        /<policy name="([^"]+)"[^>]*key="([^"]+)"(?: valueName="([^"]+)")?>([\s\S]*?)<\/policy>/g,
      ),
    ].map(([, name, key, valueName, body]) => {
      const element = /<(text|multiText|decimal) id="[^"]+" valueName="([^"]+)"/.exec(body!);
      const types: Record<string, string> = {
        text: 'REG_SZ',
        multiText: 'REG_MULTI_SZ',
        decimal: 'REG_DWORD',
      };
      return {
        name: name!,
        key: key!,
        valueName: valueName ?? element?.[2],
        type: element ? types[element[1]!]! : 'REG_DWORD',
      };
    });

  it('the ADMX offers every setting, locked and as a preset, and nothing else', () => {
    const policies = policiesOf(admx());
    const locked = policies.filter((policy) => !policy.key.endsWith('\\Recommended'));
    const presets = policies.filter((policy) => policy.key.endsWith('\\Recommended'));
    expect(locked.map((policy) => policy.valueName).sort()).toEqual([...settingKeys].sort());
    expect(presets.map((policy) => policy.valueName).sort()).toEqual([...settingKeys].sort());
  });

  it('every string and presentation the ADMX names is in the ADML', () => {
    const [admxText, admlText] = [admx(), adml()];
    const strings = new Set(
      [...admlText.matchAll(/<string id="([^"]+)"/g)].map((match) => match[1]),
    );
    const presentations = new Set(
      [...admlText.matchAll(/<presentation id="([^"]+)"/g)].map((match) => match[1]),
    );
    const missing = [
      ...[...admxText.matchAll(/\$\(string\.([^)]+)\)/g)]
        .map((match) => match[1])
        .filter((id) => !strings.has(id)),
      ...[...admxText.matchAll(/\$\(presentation\.([^)]+)\)/g)]
        .map((match) => match[1])
        .filter((id) => !presentations.has(id)),
    ];
    expect(missing).toEqual([]);
    expect(strings.size).toBeGreaterThan(settingKeys.length * 2);
  });

  it('what Group Policy writes from the ADMX is what the app reads', () => {
    const policies = policiesOf(admx());
    // Each policy enabled with the default value, written as the Group Policy engine would
    // for its element type, read back through the app's registry reader.
    const defaults = defaultSettings({ reportTimeZone: 'UTC' }) as Record<string, unknown>;
    const sections = new Map<string, string[]>();
    for (const policy of policies) {
      const value = defaults[policy.valueName!];
      const data =
        policy.type === 'REG_DWORD'
          ? `0x${Number(value).toString(16)}`
          : policy.type === 'REG_MULTI_SZ'
            ? (value as string[]).join('\\0')
            : typeof value === 'object' && value !== null
              ? JSON.stringify(value)
              : String(value ?? '');
      const key = `HKEY_LOCAL_MACHINE\\${policy.key.replace(/^Software/, 'SOFTWARE')}`;
      sections.set(key, [
        ...(sections.get(key) ?? []),
        `    ${policy.valueName}    ${policy.type}    ${data}`,
      ]);
    }
    const dump = [...sections]
      .map(([key, lines]) => `\r\n${key}\r\n${lines.join('\r\n')}`)
      .join('\r\n');
    const load = registryPolicyFromDump(`${dump}\r\n`, 'HKLM');
    expect(load.status).toMatchObject({ kind: 'applied' });
    expect(load.policy?.settings).toEqual(defaults);
    expect([...(load.policy?.locked ?? [])].sort()).toEqual([...settingKeys].sort());
  });

  it('the sample profile names every setting and passes the app own check', () => {
    const text = readFileSync(join(managedDir, 'counter.mobileconfig'), 'utf8');
    const profile = parse(text) as { PayloadContent: Record<string, PlistValue>[] };
    const payload = profile.PayloadContent[0]!;
    expect(payload.PayloadType).toBe('com.counterapp.till');
    const recommended = payload.Recommended as Record<string, PlistValue>;
    const named = [
      ...Object.keys(payload).filter((key) => !key.startsWith('Payload') && key !== 'Recommended'),
      ...Object.keys(recommended),
    ];
    expect(named.sort()).toEqual([...settingKeys].sort());
    // The payload's dictionary is what MDM writes to the managed preferences file.
    const load = plistPolicyFromBytes(Buffer.from(build(payload)), 'profile');
    expect(load.status).toMatchObject({ kind: 'applied' });
    expect([...(load.policy?.locked ?? [])].sort()).toEqual([...sample.locked].sort());
  });
});

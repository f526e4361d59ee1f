import { build } from 'plist';
import { policyValueShapes, type PolicyValueShape } from '../../shared/policy-value-kinds';
import { defaultSettings, settingKeys, type SettingKey } from '../../shared/settings';

/**
 * IT's templates for the OS management tools, generated from the one settings schema so they
 * cannot drift from what the app reads (electron/settings/registry-policy.ts and
 * plist-policy.ts). Written to resources/managed/ by tests/unit/settings/policy-templates.test.ts
 * with `-u`.
 *   counter.admx / en-US/counter.adml   Group Policy and Intune (ADMX ingestion): each setting
 *                                       twice, "locked" under the app's key and "preset"
 *                                       under its Recommended subkey.
 *   counter.mobileconfig                a sample configuration profile for macOS MDM.
 */
const POLICY_KEY = 'Software\\Policies\\CounterApp\\Counter';
const NAMESPACE = 'CounterApp.Policies.Counter';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface Variant {
  suffix: '' | '_Recommended';
  key: string;
  category: string;
}
const variants: Variant[] = [
  { suffix: '', key: POLICY_KEY, category: 'Counter' },
  { suffix: '_Recommended', key: `${POLICY_KEY}\\Recommended`, category: 'Counter_Recommended' },
];

function policyElement(name: SettingKey, shape: PolicyValueShape, variant: Variant): string {
  const id = `${name}${variant.suffix}`;
  const head = `    <policy name="${id}" class="Both" displayName="$(string.${id})" explainText="$(string.${id}_Explain)"`;
  const common = `      <parentCategory ref="${variant.category}" />\n      <supportedOn ref="SUPPORTED_Counter_0_1" />`;
  if (shape.kind === 'boolean') {
    return [
      `${head} key="${variant.key}" valueName="${name}">`,
      common,
      '      <enabledValue><decimal value="1" /></enabledValue>',
      '      <disabledValue><decimal value="0" /></disabledValue>',
      '    </policy>',
    ].join('\n');
  }
  const element =
    shape.kind === 'list'
      ? `<multiText id="${id}" valueName="${name}" />`
      : shape.kind === 'number'
        ? `<decimal id="${id}" valueName="${name}" minValue="0" maxValue="86400" />`
        : `<text id="${id}" valueName="${name}" maxLength="2000" />`;
  return [
    `${head} presentation="$(presentation.${id})" key="${variant.key}">`,
    common,
    `      <elements>\n        ${element}\n      </elements>`,
    '    </policy>',
  ].join('\n');
}

export function admxTemplate(): string {
  const policies = variants.flatMap((variant) =>
    settingKeys.map((key) => policyElement(key, policyValueShapes[key], variant)),
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<policyDefinitions xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" revision="1.0" schemaVersion="1.0" xmlns="http://schemas.microsoft.com/GroupPolicy/2006/07/PolicyDefinitions">
  <policyNamespaces>
    <target prefix="counter" namespace="${NAMESPACE}" />
  </policyNamespaces>
  <resources minRequiredRevision="1.0" />
  <supportedOn>
    <definitions>
      <definition name="SUPPORTED_Counter_0_1" displayName="$(string.SUPPORTED_Counter_0_1)" />
    </definitions>
  </supportedOn>
  <categories>
    <category name="Counter" displayName="$(string.Category_Counter)" />
    <category name="Counter_Recommended" displayName="$(string.Category_Counter_Recommended)" />
  </categories>
  <policies>
${policies.join('\n')}
  </policies>
</policyDefinitions>
`;
}

function valueHelp(shape: PolicyValueShape): string {
  switch (shape.kind) {
    case 'boolean':
      return 'Enabled = yes, Disabled = no.';
    case 'list':
      return 'One entry per line.';
    case 'number':
      return 'A whole number.';
    case 'object':
      return 'Give the value as JSON, as in policy.json.';
    case 'text':
      return shape.nullable ? 'Leave empty for none.' : '';
  }
}

export function admlTemplate(): string {
  const strings: string[] = [
    ['SUPPORTED_Counter_0_1', 'Counter 0.1 and later'],
    ['Category_Counter', 'Counter (locked: the till cannot change these)'],
    ['Category_Counter_Recommended', 'Counter presets (the till may change these)'],
  ].map(([id, text]) => `      <string id="${id}">${escapeXml(text!)}</string>`);
  const presentations: string[] = [];
  for (const variant of variants) {
    for (const key of settingKeys) {
      const shape = policyValueShapes[key];
      const id = `${key}${variant.suffix}`;
      const how = variant.suffix ? 'Preset' : 'Lock';
      strings.push(`      <string id="${id}">${how}: ${key}</string>`);
      const explain = `${shape.description} ${valueHelp(shape)}`.trim();
      strings.push(`      <string id="${id}_Explain">${escapeXml(explain)}</string>`);
      if (shape.kind === 'boolean') continue;
      const box =
        shape.kind === 'list'
          ? `<multiTextBox refId="${id}">${key}</multiTextBox>`
          : shape.kind === 'number'
            ? `<decimalTextBox refId="${id}">${key}</decimalTextBox>`
            : `<textBox refId="${id}"><label>${key}</label></textBox>`;
      presentations.push(`      <presentation id="${id}">\n        ${box}\n      </presentation>`);
    }
  }
  return `<?xml version="1.0" encoding="utf-8"?>
<policyDefinitionResources xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" revision="1.0" schemaVersion="1.0" xmlns="http://schemas.microsoft.com/GroupPolicy/2006/07/PolicyDefinitions">
  <displayName>Counter</displayName>
  <description>Settings IT presets and locks on Counter tills.</description>
  <resources>
    <stringTable>
${strings.join('\n')}
    </stringTable>
    <presentationTable>
${presentations.join('\n')}
    </presentationTable>
  </resources>
</policyDefinitionResources>
`;
}

/**
 * A sample profile: the sample policy's locked settings at the top of the payload, every other
 * setting under Recommended with its default, so IT sees every name and deletes what it does
 * not set. Identifiers are fixed so the file is reproducible; IT replaces them.
 */
export function mobileconfigTemplate(sample: {
  settings: Record<string, unknown>;
  locked: string[];
}): string {
  const defaults = defaultSettings({ reportTimeZone: 'UTC' }) as Record<string, unknown>;
  const asPlist = (value: unknown) => (value === null ? '' : value);
  const payload: Record<string, unknown> = {
    PayloadType: 'com.counterapp.till',
    PayloadIdentifier: 'com.counterapp.till.policy',
    PayloadUUID: '6F0C2B1E-6A59-4D2B-9C1E-7C0A5D2F0001',
    PayloadVersion: 1,
    PayloadDisplayName: 'Counter settings',
  };
  const recommended: Record<string, unknown> = {};
  for (const key of settingKeys) {
    const value = asPlist(sample.settings[key] ?? defaults[key]);
    if (sample.locked.includes(key)) payload[key] = value;
    else recommended[key] = value;
  }
  payload.Recommended = recommended;
  return `${build({
    PayloadContent: [payload],
    PayloadDisplayName: 'Counter till settings',
    PayloadIdentifier: 'com.counterapp.till.profile',
    PayloadType: 'Configuration',
    PayloadUUID: '6F0C2B1E-6A59-4D2B-9C1E-7C0A5D2F0000',
    PayloadVersion: 1,
    PayloadScope: 'System',
  } as Parameters<typeof build>[0])}\n`;
}

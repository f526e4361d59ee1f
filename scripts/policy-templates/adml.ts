import { policyValueShapes, type PolicyValueShape } from '../../shared/policy-value-kinds';
import { settingDeclarations, settingKeys } from '../../shared/settings';
import { escapeXml, policyVariants } from './group-policy';

/**
 * resources/managed/en-US/counter.adml: the words of the ADMX, in English. Each policy's
 * display name is the setting's title with its key (IT's JSON file and the docs use the key),
 * its explanation the setting's description and how to give a value of its kind.
 */

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
  for (const variant of policyVariants) {
    for (const key of settingKeys) {
      const shape = policyValueShapes[key];
      const id = `${key}${variant.suffix}`;
      const how = variant.suffix ? 'Preset' : 'Lock';
      const title = `${how}: ${settingDeclarations[key].title} (${key})`;
      strings.push(`      <string id="${id}">${escapeXml(title)}</string>`);
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

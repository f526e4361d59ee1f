import { policyValueShapes, type PolicyValueShape } from '../../shared/policy-value-kinds';
import { settingKeys, type SettingKey } from '../../shared/settings';
import { NAMESPACE, policyVariants, type PolicyVariant } from './group-policy';

/**
 * resources/managed/counter.admx: the policy definitions Group Policy and Intune (ADMX
 * ingestion) read. Each element writes the registry type the app's reader expects for the
 * setting's kind (shared/policy-value-kinds.ts); the words are in the ADML (adml.ts).
 */

function policyElement(name: SettingKey, shape: PolicyValueShape, variant: PolicyVariant): string {
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
  const policies = policyVariants.flatMap((variant) =>
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

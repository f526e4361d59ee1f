// electron-builder's msiProjectCreated hook: adds to the generated WiX project, before it is
// compiled, what IT needs for a fleet install (docs/it-deployment.md: MSI):
// - the public properties SERVICEURL and SERIALNUMBER, each written, when given, as a locked
//   value of the machine policy (HKLM\SOFTWARE\Policies\CounterApp\Counter), which the app
//   reads before anything else;
// - %ProgramData%\CounterApp, the policy file's folder, with an ACL that lets only
//   Administrators and SYSTEM write (Users read), as the app's trust check requires.
// CommonJS because electron-builder require()s hooks.
'use strict';
const { readFile, writeFile } = require('node:fs/promises');

const POLICY_KEY = 'SOFTWARE\\Policies\\CounterApp\\Counter';
const PROPERTIES = [
  {
    property: 'SERVICEURL',
    setting: 'serviceBaseUrl',
    id: 'PolicyServiceUrl',
    guid: 'B3F2C1D4-6A7E-4C0B-9E1F-2D3C4B5A6E01',
  },
  {
    property: 'SERIALNUMBER',
    setting: 'serialNumber',
    id: 'PolicySerialNumber',
    guid: 'B3F2C1D4-6A7E-4C0B-9E1F-2D3C4B5A6E02',
  },
];

function policyParts() {
  const properties = PROPERTIES.map(
    ({ property }) => `    <Property Id="${property}" Secure="yes"/>`,
  );
  const components = PROPERTIES.map(
    ({ property, setting, id, guid }) =>
      `    <Component Id="${id}" Directory="TARGETDIR" Guid="{${guid}}">\n` +
      `      <Condition>${property}</Condition>\n` +
      `      <RegistryValue Root="HKLM" Key="${POLICY_KEY}" Name="${setting}" Type="string" Value="[${property}]" KeyPath="yes"/>\n` +
      `    </Component>`,
  );
  components.push(
    '    <Component Id="PolicyFolder" Directory="POLICYFOLDER" Guid="{B3F2C1D4-6A7E-4C0B-9E1F-2D3C4B5A6E03}" KeyPath="yes">\n' +
      '      <CreateFolder>\n' +
      '        <Permission User="Administrators" GenericAll="yes"/>\n' +
      '        <Permission User="SYSTEM" GenericAll="yes"/>\n' +
      '        <Permission User="Users" GenericRead="yes" GenericExecute="yes"/>\n' +
      '      </CreateFolder>\n' +
      '    </Component>',
  );
  const refs = [...PROPERTIES.map(({ id }) => id), 'PolicyFolder'].map(
    (id) => `      <ComponentRef Id="${id}"/>`,
  );
  return { properties, components, refs };
}

/** The project text with the policy parts added; throws if the template changed shape. */
function addPolicyProperties(project) {
  const { properties, components, refs } = policyParts();
  const anchors = {
    target: '<Directory Id="TARGETDIR" Name="SourceDir">',
    feature: /<Feature Id="ProductFeature"[^>]*>/,
    productEnd: '</Product>',
  };
  if (
    !project.includes(anchors.target) ||
    !anchors.feature.test(project) ||
    !project.includes(anchors.productEnd)
  )
    throw new Error('msi-policy-properties: the WiX project does not have the expected shape');
  return project
    .replace(
      anchors.target,
      `${anchors.target}\n      <Directory Id="CommonAppDataFolder">\n        <Directory Id="POLICYFOLDER" Name="CounterApp"/>\n      </Directory>`,
    )
    .replace(anchors.feature, (feature) => `${feature}\n${refs.join('\n')}`)
    .replace(
      anchors.productEnd,
      `${[...properties, ...components].join('\n')}\n  ${anchors.productEnd}`,
    );
}

module.exports = async function msiProjectCreated(projectFile) {
  await writeFile(projectFile, addPolicyProperties(await readFile(projectFile, 'utf8')));
};
module.exports.addPolicyProperties = addPolicyProperties;

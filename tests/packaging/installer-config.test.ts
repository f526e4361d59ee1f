import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { aboutPanelOptions } from '../../electron/main/about-panel';
import { REGISTRY_POLICY_KEY } from '../../electron/settings/registry-policy';
import { repoRoot } from '../support/package-app';

// What only a Windows or macOS runner can build is configured here; these checks keep the
// configuration true to what the app reads and to what IT is told (docs/it-deployment.md).

const require = createRequire(import.meta.url);
const { addPolicyProperties } = require(
  join(repoRoot, 'resources/installer/msi-policy-properties.cjs'),
) as { addPolicyProperties: (project: string) => string };

const builderConfig = parseYaml(readFileSync(join(repoRoot, 'electron-builder.yml'), 'utf8')) as {
  [key: string]: Record<string, unknown>;
};

/** electron-builder's WiX template as MsiTarget renders it, with the values a build gives. */
function renderedMsiProject(): string {
  const template = readFileSync(
    join(repoRoot, 'node_modules/app-builder-lib/templates/msi/template.xml'),
    'utf8',
  );
  // Keep the per-machine, non-assisted branches (msi.oneClick, msi.perMachine); fill values.
  return template
    .replace(
      /\{\{\s*if \(isPerMachine\) \{\s*\}\}([\s\S]*?)\{\{\s*\} else \{\s*\}\}[\s\S]*?\{\{-?\s*\}\s*-?\}\}/g,
      '$1',
    )
    .replace(/\{\{[\s\S]*?\}\}/g, '')
    .replace(/\{\{-?(dirs|files)\}\}/g, '')
    .replace(/\$\{[^}]+\}/g, 'X');
}

function parseXml(text: string): Document {
  const errors: string[] = [];
  const document = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') errors.push(message);
    },
  }).parseFromString(text, 'text/xml');
  expect(errors).toEqual([]);
  return document;
}

const elements = (document: Document, name: string): Element[] =>
  Array.from(document.getElementsByTagName(name));

describe('MSI: install properties written into the machine policy', () => {
  const project = parseXml(addPolicyProperties(renderedMsiProject()));

  it('declares SERVICEURL and SERIALNUMBER as secure public properties', () => {
    const secure = elements(project, 'Property')
      .filter((property) => property.getAttribute('Secure') === 'yes')
      .map((property) => property.getAttribute('Id'));
    expect(secure).toEqual(expect.arrayContaining(['SERVICEURL', 'SERIALNUMBER']));
  });

  it('writes each, when given, as a locked setting under the key the app reads', () => {
    const values = elements(project, 'RegistryValue').map((value) => ({
      root: value.getAttribute('Root'),
      key: value.getAttribute('Key'),
      name: value.getAttribute('Name'),
      value: value.getAttribute('Value'),
      condition: (value.parentNode as Element).getElementsByTagName('Condition')[0]?.textContent,
    }));
    expect(values).toEqual([
      {
        root: 'HKLM',
        key: REGISTRY_POLICY_KEY,
        name: 'serviceBaseUrl',
        value: '[SERVICEURL]',
        condition: 'SERVICEURL',
      },
      {
        root: 'HKLM',
        key: REGISTRY_POLICY_KEY,
        name: 'serialNumber',
        value: '[SERIALNUMBER]',
        condition: 'SERIALNUMBER',
      },
    ]);
  });

  it('makes %ProgramData%\\CounterApp writable by Administrators and SYSTEM only', () => {
    const folder = elements(project, 'Directory').find(
      (dir) => dir.getAttribute('Id') === 'POLICYFOLDER',
    );
    expect(folder?.getAttribute('Name')).toBe('CounterApp');
    expect((folder?.parentNode as Element).getAttribute('Id')).toBe('CommonAppDataFolder');
    const permissions = elements(project, 'Permission').map((permission) => [
      permission.getAttribute('User'),
      permission.getAttribute('GenericAll') === 'yes' ? 'write' : 'read',
    ]);
    expect(permissions).toEqual([
      ['Administrators', 'write'],
      ['SYSTEM', 'write'],
      ['Users', 'read'],
    ]);
  });

  it('installs every new component with the product feature', () => {
    const feature = elements(project, 'Feature').find(
      (f) => f.getAttribute('Id') === 'ProductFeature',
    )!;
    const refs = Array.from(feature.getElementsByTagName('ComponentRef')).map((ref) =>
      ref.getAttribute('Id'),
    );
    const components = elements(project, 'Component').map((component) =>
      component.getAttribute('Id'),
    );
    expect(refs.sort()).toEqual(components.sort());
  });

  it('fails the build loudly if electron-builder changes its template', () => {
    expect(() => addPolicyProperties('<Wix><Product></Product></Wix>')).toThrow(/expected shape/);
  });
});

describe('electron-builder.yml: every target IT deploys', () => {
  it('Windows: NSIS per-user by default (silent /allusers for per-machine) and a per-machine MSI', () => {
    expect(builderConfig.win!.target).toEqual(['nsis', 'msi']);
    expect(builderConfig.nsis).toMatchObject({
      oneClick: false,
      perMachine: false,
      deleteAppDataOnUninstall: false,
    });
    expect(builderConfig.msi).toMatchObject({ perMachine: true });
    const include = readFileSync(join(repoRoot, builderConfig.nsis!.include as string), 'utf8');
    expect(include).toContain('!macro customInstall');
    expect(include).toContain('/inheritance:r');
    expect(include).toContain('"/PURGE"');
  });

  it('macOS: PKG, DMG and ZIP, hardened, notarised, with only the entitlements it uses', () => {
    expect(builderConfig.mac).toMatchObject({
      target: ['pkg', 'dmg', 'zip'],
      hardenedRuntime: true,
      notarize: true,
    });
    const entitlements = readFileSync(
      join(repoRoot, builderConfig.mac!.entitlements as string),
      'utf8',
    );
    const keys = [...entitlements.matchAll(/<key>([^<]+)<\/key>/g)].map((match) => match[1]);
    expect(keys.sort()).toEqual(
      [
        'com.apple.security.cs.allow-jit',
        'com.apple.security.device.usb',
        'com.apple.security.network.client',
        'com.apple.security.smartcard',
      ].sort(),
    );
  });

  it('names the product as the app names itself (About panel, policy keys)', () => {
    const about = aboutPanelOptions('0.0.0', {});
    expect(builderConfig.productName).toBe(about.applicationName);
    expect(builderConfig.copyright).toBe(about.copyright);
    expect(builderConfig.appId).toBe('com.counterapp.till');
    expect(REGISTRY_POLICY_KEY).toBe(`SOFTWARE\\Policies\\CounterApp\\${about.applicationName}`);
  });

  it('holds no secret: signing and notarisation read the environment', () => {
    const text = readFileSync(join(repoRoot, 'electron-builder.yml'), 'utf8');
    expect(text).not.toMatch(/password\s*:|certificatePassword|cscKeyPassword|apiKey\s*:/i);
  });
});

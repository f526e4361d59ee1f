import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findElectron } from '../support/electron-binary';
import { readFuses, type FuseName, type FuseReading } from '../support/electron-fuses';
import { SHIPPED_FUSES } from '../support/electron-stand-in';
import { checkAddon, findAddons } from '../support/node-api-addon';
import { loadBuilderConfig, packageApp, type PackagedApp } from '../support/package-app';
import { packageWithStandIn, type StandInPackage } from './stand-in-package';

// Electron's fuses, flipped by electron-builder at packaging: no running the binary as plain
// Node, no NODE_OPTIONS or --inspect to inject code, only the app's own asar, checked against
// its embedded hash, cookies encrypted, file:// without extra privileges.
const WANTED: Readonly<Partial<Record<FuseName, FuseReading>>> = {
  RunAsNode: 'off',
  EnableNodeOptionsEnvironmentVariable: 'off',
  EnableNodeCliInspectArguments: 'off',
  EnableEmbeddedAsarIntegrityValidation: 'on',
  OnlyLoadAppFromAsar: 'on',
  EnableCookieEncryption: 'on',
  GrantFileProtocolExtraPrivileges: 'off',
};

/** electron-builder.yml's `electronFuses` keys for each fuse. */
const CONFIG_KEY: Readonly<Partial<Record<FuseName, string>>> = {
  RunAsNode: 'runAsNode',
  EnableNodeOptionsEnvironmentVariable: 'enableNodeOptionsEnvironmentVariable',
  EnableNodeCliInspectArguments: 'enableNodeCliInspectArguments',
  EnableEmbeddedAsarIntegrityValidation: 'enableEmbeddedAsarIntegrityValidation',
  OnlyLoadAppFromAsar: 'onlyLoadAppFromAsar',
  EnableCookieEncryption: 'enableCookieEncryption',
  GrantFileProtocolExtraPrivileges: 'grantFileProtocolExtraPrivileges',
};

function expectWanted(readings: Partial<Record<FuseName, FuseReading>>): void {
  const read = Object.fromEntries(
    Object.keys(WANTED).map((name) => [name, readings[name as FuseName]]),
  );
  expect(read).toEqual(WANTED);
}

describe('electron-builder.yml', () => {
  it('asks for each fuse', async () => {
    const config = await loadBuilderConfig();
    const fuses = (config.electronFuses ?? {}) as Record<string, boolean | undefined>;
    const asked = Object.fromEntries(
      Object.entries(CONFIG_KEY).map(([name, key]) => [
        name,
        fuses[key] === undefined ? 'unset' : fuses[key] ? 'on' : 'off',
      ]),
    );
    expect(asked).toEqual(WANTED);
  });

  it('never rebuilds native modules and unpacks only .node files', async () => {
    const config = await loadBuilderConfig();
    // electron-builder rebuilds unless told not to; a Node-API addon needs no rebuild.
    expect(config.npmRebuild).toBe(false);
    expect(config.asar).toMatchObject({ smartUnpack: false });
    expect(config.asarUnpack).toEqual(['**/*.node']);
  });
});

describe('fuses read back from the packaged stand-in binary', () => {
  let app: StandInPackage;
  beforeAll(async () => {
    app = await packageWithStandIn();
  });
  afterAll(() => app?.dispose());

  it('starts from the shipped states, each the opposite of the wanted one', () => {
    for (const [name, wanted] of Object.entries(WANTED))
      expect(SHIPPED_FUSES[name as FuseName], name).not.toBe(wanted);
  });

  it('holds every wanted fuse state', async () => {
    expectWanted(await readFuses(app.executable));
  });
});

// Wherever a real Electron is installed (or ELECTRON_OVERRIDE_DIST_PATH points at one), the
// same packaging for this OS, read back from the real binary. No download is tried here.
const real = findElectron({ download: false });
if ('whyNot' in real)
  console.warn(`\nFuses on a real Electron binary NOT CHECKED: ${real.whyNot}.\n`);

describe.skipIf('whyNot' in real)('fuses read back from a packaged real Electron', () => {
  let app: PackagedApp;
  let work: string;
  beforeAll(async () => {
    if ('whyNot' in real) return;
    work = mkdtempSync(join(tmpdir(), 'counter-package-real-'));
    app = await packageApp({
      electronDist: real.dist,
      electronVersion: real.version,
      outputDir: join(work, 'dist'),
      platform: process.platform as 'linux' | 'darwin' | 'win32',
    });
  });
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('holds every wanted fuse state', async () => {
    expectWanted(await readFuses(app.executable));
  });

  it('ships only Node-API addons', () => {
    const addons = findAddons(app.asarUnpacked).map(checkAddon);
    expect(addons.length).toBeGreaterThan(0);
    expect(addons.filter((addon) => !addon.nodeApi)).toEqual([]);
  });
});

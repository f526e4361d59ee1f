import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { extractFile, listPackage, statFile } from '@electron/asar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAddon, findAddons, NODE_API_ENTRY } from '../support/node-api-addon';
import { repoRoot } from '../support/package-app';
import { BUILT_DIRS, packageWithStandIn, type StandInPackage } from './stand-in-package';

// What `npm run package:dir` puts in the app: the built out/ and the runtime dependencies in
// the asar (nothing Vite already bundled), only the native addons unpacked beside it, each a
// Node-API one, and the managed-policy sample and icons in the app's resources/.

interface PackageJson {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const rootPackage = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as PackageJson;

/** Package names under node_modules/ in a list of asar paths ('@scope/name' or 'name'). */
function packagesIn(paths: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const path of paths) {
    const parts = path.split('/');
    for (let index = parts.indexOf('node_modules'); index >= 0;) {
      const name = parts[index + 1]?.startsWith('@')
        ? `${parts[index + 1]}/${parts[index + 2] ?? ''}`
        : parts[index + 1];
      if (name && !name.endsWith('/')) names.add(name);
      const next = parts.indexOf('node_modules', index + 1);
      index = next;
    }
  }
  return names;
}

/** Node's lookup of a package's folder (not its entry: `exports` may hide package.json). */
function packageDirFrom(name: string, fromDir: string): string {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir)
      throw new Error(`${name} is not installed (looked up from ${fromDir})`);
  }
}

/** `dependencies` and, transitively, theirs: what may ship in the asar's node_modules. */
function runtimeClosure(): Set<string> {
  const closure = new Set<string>();
  const visit = (name: string, fromDir: string) => {
    if (closure.has(name)) return;
    closure.add(name);
    const dir = packageDirFrom(name, fromDir);
    const own = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
    for (const dependency of Object.keys(own.dependencies ?? {})) visit(dependency, dir);
  };
  for (const name of Object.keys(rootPackage.dependencies ?? {})) visit(name, repoRoot);
  return closure;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

describe('npm run package:dir, against the Electron stand-in', () => {
  let app: StandInPackage;
  /** Files packed inside the asar (not directories, not the unpacked ones beside it). */
  let asarFiles: string[];

  beforeAll(async () => {
    app = await packageWithStandIn();
    asarFiles = listPackage(app.asar, { isPack: false })
      .map((path) => path.split(sep).join('/').replace(/^\//, ''))
      .filter((path) => {
        const entry = statFile(app.asar, path, false);
        return !('files' in entry) && !('link' in entry) && !entry.unpacked;
      });
  });
  afterAll(() => app?.dispose());

  it('holds only the built out/, package.json and node_modules at the asar top', () => {
    expect(new Set(asarFiles.map((path) => path.split('/')[0]))).toEqual(
      new Set(['out', 'package.json', 'node_modules']),
    );
  });

  it('ships exactly what electron-vite built into out/', () => {
    const built = BUILT_DIRS.flatMap((dir) =>
      filesUnder(join(repoRoot, dir)).map((file) => `${dir}/${file}`),
    ).sort();
    expect(asarFiles.filter((path) => path.startsWith('out/')).sort()).toEqual(built);
    const main = extractFile(app.asar, 'out/main/index.js').toString('utf8');
    expect(main).toBe(readFileSync(join(repoRoot, 'out/main/index.js'), 'utf8'));
  });

  it('ships only runtime dependencies in node_modules, nothing Vite bundled', () => {
    const shipped = packagesIn(asarFiles);
    const runtime = runtimeClosure();
    expect([...shipped].filter((name) => !runtime.has(name))).toEqual([]);
    for (const name of Object.keys(rootPackage.dependencies ?? {})) expect(shipped).toContain(name);
    // Bundled into out/ by Vite, so devDependencies: shipping them again would double them.
    for (const bundled of [
      'react',
      'react-dom',
      '@mantine/core',
      'qrcode.react',
      'zod',
      'big.js',
      'uuid',
      'electron-store',
    ])
      expect(Object.keys(rootPackage.devDependencies ?? {})).toContain(bundled);
    expect(
      Object.keys(rootPackage.devDependencies ?? {}).filter(
        (name) => shipped.has(name) && !runtime.has(name),
      ),
    ).toEqual([]);
  });

  it('unpacks the native addons and nothing else', () => {
    const unpacked = filesUnder(app.asarUnpacked);
    expect(unpacked.length).toBeGreaterThan(0);
    expect(unpacked.filter((file) => !file.endsWith('.node'))).toEqual([]);
    expect(unpacked).toContain('node_modules/smartcard/build/Release/smartcard_napi.node');
    // A .node left inside the asar could not be loaded by the OS.
    expect(asarFiles.filter((path) => path.endsWith('.node'))).toEqual([]);
  });

  it('ships only Node-API addons, the smartcard one among them', () => {
    const addons = findAddons(app.asarUnpacked).map(checkAddon);
    expect(
      addons.map((addon) => relative(app.asarUnpacked, addon.file).split(sep).join('/')),
    ).toContain('node_modules/smartcard/build/Release/smartcard_napi.node');
    const notNodeApi = addons.filter((addon) => !addon.nodeApi);
    expect(
      notNodeApi,
      `without ${NODE_API_ENTRY}: ${notNodeApi.map((a) => `${a.file} (${a.by})`).join(', ')}`,
    ).toEqual([]);
  });

  it("puts the managed-policy sample and the icons in the app's resources/", () => {
    for (const [from, to] of [
      ['resources/managed', 'managed'],
      ['resources/icons', 'icons'],
    ] as const) {
      const source = filesUnder(join(repoRoot, from)).sort();
      expect(source.length).toBeGreaterThan(0);
      expect(filesUnder(join(app.resourcesDir, to)).sort()).toEqual(source);
      for (const file of source)
        expect(readFileSync(join(app.resourcesDir, to, file))).toEqual(
          readFileSync(join(repoRoot, from, file)),
        );
    }
    expect(filesUnder(join(app.resourcesDir, 'managed'))).toContain('policy.sample.json');
    expect(filesUnder(join(app.resourcesDir, 'managed'))).toEqual(
      expect.arrayContaining(['counter.admx', 'en-US/counter.adml', 'counter.mobileconfig']),
    );
  });

  it('writes the updater configuration with a placeholder address only (the feed comes from policy)', () => {
    const config = readFileSync(join(app.resourcesDir, 'app-update.yml'), 'utf8');
    expect(config).toContain('provider: generic');
    expect(config).toContain('url: https://updates.invalid/counter');
    expect(config).toMatch(/updaterCacheDirName: \S+/);
  });
});

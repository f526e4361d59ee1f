// `npm run bench -- package`: what `npm run package:dir` ships, the app.asar and the files
// unpacked beside it, each beside the same figure of a minimal Electron app (one main.js, no
// dependencies) packaged the same way in the same run: same asar, unpack and fuse settings,
// against the same Electron stand-in. The difference is what the till itself costs on disk.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { electronVersion } from '../support/electron-binary';
import { writeElectronStandIn } from '../support/electron-stand-in';
import { loadBuilderConfig, packageApp, repoRoot, type PackagedApp } from '../support/package-app';
import type { BenchLine } from './bench-line';

/** Our bounds over the minimal app: out/ is about 1.9 MB today, smartcard's addon 0.2 MB. */
const ASAR_OVER_MINIMAL_MB = 4;
const UNPACKED_OVER_MINIMAL_MB = 1;

const megabytes = (bytes: number): number => bytes / (1024 * 1024);

function bytesUnder(dir: string): number {
  let total = 0;
  try {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
      if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  } catch {
    return 0; // no unpacked folder: nothing unpacked
  }
  return total;
}

/** A project electron-builder packages like ours: its settings, a main.js, no dependencies. */
async function writeMinimalProject(dir: string): Promise<void> {
  const ours = await loadBuilderConfig();
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'minimal-app', version: '1.0.0', main: 'main.js' }, null, 2),
  );
  writeFileSync(
    join(dir, 'main.js'),
    "const { app, BrowserWindow } = require('electron');\n" +
      "app.whenReady().then(() => new BrowserWindow().loadURL('about:blank'));\n",
  );
  const config = {
    appId: 'com.example.minimal',
    productName: 'Minimal',
    files: ['main.js', 'package.json'],
    asar: ours.asar,
    asarUnpack: ours.asarUnpack,
    npmRebuild: ours.npmRebuild,
    electronFuses: ours.electronFuses,
  };
  writeFileSync(join(dir, 'electron-builder.json'), JSON.stringify(config, null, 2));
}

function sizeLine(name: string, app: number, minimal: number, overMinimalMb: number): BenchLine {
  return {
    name,
    value: megabytes(app),
    unit: 'MB',
    floorName: `minimal app's ${name}`,
    floor: megabytes(minimal),
    goal: `<= minimal + ${overMinimalMb} MB`,
    pass: megabytes(app) <= megabytes(minimal) + overMinimalMb,
  };
}

export async function run(): Promise<BenchLine[]> {
  // What package:dir packages is a fresh build.
  const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: repoRoot, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('electron-vite build failed');
  const work = mkdtempSync(join(tmpdir(), 'counter-package-bench-'));
  try {
    const electronDist = writeElectronStandIn(join(work, 'electron-dist'), electronVersion);
    const minimalDir = join(work, 'minimal');
    mkdirSync(minimalDir);
    await writeMinimalProject(minimalDir);
    const pack = (projectDir: string | undefined, configFile: string | undefined, out: string) =>
      packageApp({
        ...(projectDir ? { projectDir } : {}),
        ...(configFile ? { configFile } : {}),
        electronDist,
        electronVersion,
        outputDir: join(work, out),
        platform: 'linux',
      });
    const app: PackagedApp = await pack(undefined, undefined, 'app');
    const minimal = await pack(
      minimalDir,
      join(minimalDir, 'electron-builder.json'),
      'minimal-out',
    );
    return [
      sizeLine(
        'app.asar',
        statSync(app.asar).size,
        statSync(minimal.asar).size,
        ASAR_OVER_MINIMAL_MB,
      ),
      sizeLine(
        'app.asar.unpacked',
        bytesUnder(app.asarUnpacked),
        bytesUnder(minimal.asarUnpacked),
        UNPACKED_OVER_MINIMAL_MB,
      ),
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Configuration } from 'electron-builder';

/**
 * Runs electron-builder `--dir` (what `npm run package:dir` runs after the build) against a
 * given unpacked Electron, offline, into a folder of the caller's, and says where the parts
 * of the packaged app are.
 */

export const repoRoot = resolve(import.meta.dirname, '../..');
const builderCli = createRequire(import.meta.url).resolve('electron-builder/cli.js');
const fromBuilder = createRequire(builderCli);

/** The configuration as electron-builder reads it (its own loader: defaults, `extends`). */
export async function loadBuilderConfig(
  projectDir = repoRoot,
  configFile = join(projectDir, 'electron-builder.yml'),
): Promise<Configuration> {
  const { getConfig } = fromBuilder('app-builder-lib/out/util/config/config') as {
    getConfig(projectDir: string, configPath: string, fromOptions: null): Promise<Configuration>;
  };
  // Its "loaded configuration" line would land in the middle of the bench's figures.
  const { log } = fromBuilder('builder-util') as {
    log: { stream: { write(text: string): boolean } };
  };
  const stream = log.stream;
  log.stream = { write: () => true };
  try {
    return await getConfig(projectDir, configFile, null);
  } finally {
    log.stream = stream;
  }
}

export interface PackageRequest {
  /** The project to package (its package.json and files); the repository by default. */
  projectDir?: string;
  /** electron-builder's config file; the project's electron-builder.yml by default. */
  configFile?: string;
  /** An unpacked Electron distribution: electron-builder's `electronDist`. */
  electronDist: string;
  electronVersion: string;
  outputDir: string;
  /** Package for this OS; the stand-in distribution is Linux-shaped. */
  platform: 'linux' | 'darwin' | 'win32';
}

export interface PackagedApp {
  /** The unpacked app folder (linux-unpacked, win-unpacked, mac/...). */
  appDir: string;
  /** What @electron/fuses is given: the executable, or on macOS the .app. */
  executable: string;
  /** The app's resources folder: app.asar, app.asar.unpacked, extraResources. */
  resourcesDir: string;
  asar: string;
  asarUnpacked: string;
  /** electron-builder's own output, for a failing test's message. */
  log: string;
}

const PLATFORM_FLAG = { linux: '--linux', darwin: '--mac', win32: '--win' } as const;

export async function packageApp(request: PackageRequest): Promise<PackagedApp> {
  const projectDir = request.projectDir ?? repoRoot;
  const args = [
    builderCli,
    '--dir',
    PLATFORM_FLAG[request.platform],
    '--projectDir',
    projectDir,
    '--config',
    request.configFile ?? join(projectDir, 'electron-builder.yml'),
    `-c.electronDist=${request.electronDist}`,
    `-c.electronVersion=${request.electronVersion}`,
    `-c.directories.output=${request.outputDir}`,
    // A test build is never signed, even on a machine that holds a signing identity.
    ...(request.platform === 'darwin' ? ['-c.mac.identity=null'] : []),
  ];
  const { stdout, stderr } = await promisify(execFile)(process.execPath, args, {
    cwd: projectDir,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, CSC_IDENTITY_AUTO_DISCOVERY: 'false' },
  });
  return locate(request, `${stdout}\n${stderr}`);
}

async function locate(request: PackageRequest, log: string): Promise<PackagedApp> {
  const projectDir = request.projectDir ?? repoRoot;
  const config = await loadBuilderConfig(projectDir, request.configFile);
  const pkg = JSON.parse(readFileSync(join(projectDir, 'package.json'), 'utf8')) as {
    name: string;
    productName?: string;
  };
  const productName = config.productName ?? pkg.productName ?? pkg.name;
  const unpacked = readdirSync(request.outputDir).filter((name) =>
    request.platform === 'darwin' ? /^mac/.test(name) : name.endsWith('-unpacked'),
  );
  if (unpacked.length !== 1)
    throw new Error(
      `expected one unpacked app in ${request.outputDir}: ${unpacked.join(', ')}\n${log}`,
    );
  const appDir = join(request.outputDir, unpacked[0]!);
  // electron-builder's names: the product name on Windows and macOS, the lower-cased package
  // name (or linux.executableName) on Linux.
  const executable = join(
    appDir,
    request.platform === 'darwin'
      ? `${productName}.app`
      : request.platform === 'win32'
        ? `${productName}.exe`
        : (config.linux?.executableName ?? config.executableName ?? pkg.name.toLowerCase()),
  );
  const resourcesDir =
    request.platform === 'darwin'
      ? join(executable, 'Contents', 'Resources')
      : join(appDir, 'resources');
  const asar = join(resourcesDir, 'app.asar');
  if (!existsSync(executable) || !existsSync(asar))
    throw new Error(`no ${executable} or no ${asar} after packaging\n${log}`);
  return { appDir, executable, resourcesDir, asar, asarUnpacked: `${asar}.unpacked`, log };
}

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { electronVersion } from '../support/electron-binary';
import { writeElectronStandIn } from '../support/electron-stand-in';
import { packageApp, repoRoot, type PackagedApp } from '../support/package-app';

/**
 * Shared by the tests/packaging files (not a test itself): the app as `npm run package:dir`
 * packages it, built against the Linux-shaped Electron stand-in, in a temporary folder.
 */

/** electron-vite's outputs that electron-builder.yml ships. */
export const BUILT_DIRS = ['out/main', 'out/preload', 'out/renderer'] as const;

export interface StandInPackage extends PackagedApp {
  dispose(): void;
}

export async function packageWithStandIn(): Promise<StandInPackage> {
  const missing = BUILT_DIRS.filter((dir) => !existsSync(join(repoRoot, dir)));
  if (missing.length > 0)
    throw new Error(
      `${missing.join(', ')} missing: run \`npm run build\` before the packaging tests`,
    );
  const work = mkdtempSync(join(tmpdir(), 'counter-package-'));
  const packaged = await packageApp({
    electronDist: writeElectronStandIn(join(work, 'electron-dist'), electronVersion),
    electronVersion,
    outputDir: join(work, 'dist'),
    platform: 'linux',
  });
  return { ...packaged, dispose: () => rmSync(work, { recursive: true, force: true }) };
}

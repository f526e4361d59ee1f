import { arch, release, type, version } from 'node:os';

export interface Versions {
  app: string;
  electron: string;
  chrome: string;
  node: string;
  os: string;
}

/**
 * What runs on this till. `process.versions` names Electron and Chromium only inside
 * Electron; in tests and the harness they read "not in Electron".
 */
export function versionsOf(appVersion: string): Versions {
  const versions = process.versions as NodeJS.ProcessVersions & {
    electron?: string;
    chrome?: string;
  };
  return {
    app: appVersion,
    electron: versions.electron ?? 'not in Electron',
    chrome: versions.chrome ?? 'not in Electron',
    node: versions.node,
    os: `${type()} ${release()} (${version()}, ${arch()})`,
  };
}

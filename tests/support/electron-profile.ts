import { join } from 'node:path';

/**
 * Electron's userData folder for an app named `name` under a fresh home, per OS, and the
 * environment that points the app there (so a test never touches the machine's own profile).
 */
export function userDataUnder(
  home: string,
  name: string,
): { dir: string; env: Record<string, string> } {
  const env = { HOME: home, XDG_CONFIG_HOME: join(home, 'config'), APPDATA: join(home, 'appdata') };
  const root =
    process.platform === 'darwin'
      ? join(home, 'Library', 'Application Support')
      : process.platform === 'win32'
        ? env.APPDATA
        : env.XDG_CONFIG_HOME;
  return { dir: join(root, name), env };
}

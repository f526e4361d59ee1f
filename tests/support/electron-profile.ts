import { vi } from 'vitest';
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

/** The app's window whose page is at `prefix`, once it has opened (the app opens them as it starts). */
export async function windowAt<P extends { url(): string }>(
  windows: () => P[],
  prefix: string,
): Promise<P> {
  return vi.waitFor(
    () => {
      const page = windows().find((candidate) => candidate.url().startsWith(prefix));
      if (!page) throw new Error(`no window at ${prefix} yet`);
      return page;
    },
    { timeout: 60_000, interval: 100 },
  );
}

import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { _electron as electron, type ElectronApplication } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callNames } from '../../shared/ipc/contract';

/**
 * The app itself, in Electron: runs wherever the Electron binary is installed (and, on
 * Linux, a display is available). Where it is not, the suite says so plainly and is
 * reported as skipped, never as passed. These machines cannot download Electron
 * (ELECTRON_SKIP_BINARY_DOWNLOAD=1), so CI here reports it as not run.
 */
function electronBinary(): { path?: string; whyNot?: string } {
  const require = createRequire(import.meta.url);
  const packageDir = dirname(require.resolve('electron/package.json'));
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile))
    return {
      whyNot:
        'the Electron binary is not installed (npm ci ran with ELECTRON_SKIP_BINARY_DOWNLOAD=1)',
    };
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  if (!existsSync(binary)) return { whyNot: `the Electron binary is missing at ${binary}` };
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY)
    return { whyNot: 'no display (run under xvfb-run)' };
  return { path: binary };
}

const binary = electronBinary();
if (binary.whyNot) console.warn(`\nElectron smoke test NOT RUN: ${binary.whyNot}.\n`);

describe.skipIf(!binary.path)('Electron smoke test', () => {
  let app: ElectronApplication;

  beforeAll(async () => {
    const home = mkdtempSync(join(tmpdir(), 'counter-electron-'));
    app = await electron.launch({
      executablePath: binary.path,
      args: [join(import.meta.dirname, '../../out/main/index.js')],
      env: { ...process.env, XDG_CONFIG_HOME: home, APPDATA: home, HOME: home },
    });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('opens the cashier window in demo mode with the contract and no Node in the page', async () => {
    const cashier = await app.firstWindow();
    await cashier.waitForFunction(() => 'pos' in window);
    const surface = await cashier.evaluate(() => ({
      keys: Object.keys((window as unknown as { pos: object }).pos).sort(),
      node: typeof (globalThis as { process?: unknown }).process,
      require: typeof (globalThis as { require?: unknown }).require,
      origin: location.origin,
    }));
    expect(surface).toEqual({
      keys: [...callNames, 'on'].sort(),
      node: 'undefined',
      require: 'undefined',
      origin: 'app://pages',
    });
    const info = await cashier.evaluate(async () => {
      const pos = (
        window as unknown as {
          pos: { appInfo(): Promise<{ ok: boolean; value?: { demoMode: boolean } }> };
        }
      ).pos;
      for (;;) {
        const answer = await pos.appInfo();
        if (answer.ok) return answer.value;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    expect(info).toMatchObject({ demoMode: true });
  });

  it('denies new windows and navigation away from our pages', async () => {
    const cashier = await app.firstWindow();
    const opened = await cashier.evaluate(() => window.open('https://example.com') === null);
    expect(opened).toBe(true);
    await cashier.evaluate(() => {
      location.href = 'https://example.com';
    });
    // A navigation that went through would destroy this context and fail the evaluate.
    expect(await cashier.evaluate(() => location.href)).toMatch(/^app:\/\/pages\/cashier\//);
  });
});

import type { FakeApp } from './fake-electron-app';

/** What a quit test holds under the mocked 'electron' module: the current app and the dialog. */
export interface QuitElectron {
  app: FakeApp;
  showMessageBox: (...args: never[]) => unknown;
}

/**
 * The 'electron' module as the quit sequence and its confirmation dialog use it, for
 * `vi.mock('electron', ...)`. A test may put a fresh FakeApp in `electron.app` at any time:
 * the module's `app` forwards to the current one.
 */
export function quitElectronModule(electron: QuitElectron) {
  const app = {
    on: (event: string, listener: (...args: unknown[]) => void) => electron.app.on(event, listener),
    exit: (code: number) => electron.app.exit(code),
    releaseSingleInstanceLock: () => electron.app.releaseSingleInstanceLock(),
  };
  const mock = { app, dialog: { showMessageBox: electron.showMessageBox } };
  return { ...mock, default: mock };
}

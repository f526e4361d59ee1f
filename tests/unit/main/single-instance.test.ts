import { beforeEach, describe, expect, it, vi } from 'vitest';

// The composition root's first decisions, made at import: one till per machine (a second
// launch hands over to the first and exits) and the app:// scheme registered before 'ready'.
const calls = vi.hoisted(() => ({
  exit: [] as number[],
  schemes: [] as unknown[],
  events: new Map<string, (...args: unknown[]) => void>(),
  lock: true,
}));

vi.mock('electron', () => {
  const electron = {
    app: {
      requestSingleInstanceLock: () => calls.lock,
      // The rotating log file's folder (written only when something is logged).
      getPath: () => `${process.env.TMPDIR ?? '/tmp'}/counter-single-instance-logs`,
      exit: (code: number) => calls.exit.push(code),
      on: (event: string, listener: (...args: unknown[]) => void) =>
        calls.events.set(event, listener),
      whenReady: () => new Promise(() => undefined),
      isReady: () => false,
    },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) => calls.schemes.push(...schemes),
      handle: vi.fn(),
    },
    net: { fetch: vi.fn() },
    dialog: {},
    ipcMain: { handle: vi.fn() },
    session: {},
    BrowserWindow: vi.fn(),
    shell: {},
    screen: {},
    safeStorage: {},
    utilityProcess: {},
  };
  // electron-store imports the default export.
  return { ...electron, default: electron };
});

beforeEach(() => {
  calls.exit.length = 0;
  calls.schemes.length = 0;
  calls.events.clear();
  vi.resetModules();
});

describe('electron/main/index.ts', () => {
  it('exits at once when another till is already running', async () => {
    calls.lock = false;
    await import('../../../electron/main/index');
    expect(calls.exit).toEqual([0]);
    expect(calls.schemes).toEqual([]);
    expect(calls.events.has('second-instance')).toBe(false);
  });

  it('keeps running as the first instance, registers app:// before ready, and listens for a second launch', async () => {
    calls.lock = true;
    await import('../../../electron/main/index');
    expect(calls.exit).toEqual([]);
    expect(calls.schemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, codeCache: true } },
    ]);
    expect([...calls.events.keys()]).toEqual(
      expect.arrayContaining(['second-instance', 'before-quit', 'window-all-closed']),
    );
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';

type OpenHandler = (details: { url: string }) => { action: string };

const electron = vi.hoisted(() => ({
  openExternal: vi.fn(async (_href: string) => undefined),
  contents: [] as {
    id: number;
    handler: OpenHandler | undefined;
    setWindowOpenHandler: ReturnType<typeof vi.fn>;
  }[],
}));

vi.mock('electron', async () => {
  const { EventEmitter } = await import('node:events');
  const app = new EventEmitter();
  let nextId = 1;
  // As in Electron: a window's webContents is announced through app 'web-contents-created'
  // while the constructor runs, and setWindowOpenHandler keeps only the last handler.
  class BrowserWindow extends EventEmitter {
    readonly webContents;
    readonly loadURL = vi.fn(async () => undefined);
    readonly loadFile = vi.fn(async () => undefined);
    constructor(readonly options: Record<string, unknown>) {
      super();
      const contents = Object.assign(new EventEmitter(), {
        id: nextId++,
        handler: undefined as OpenHandler | undefined,
        setWindowOpenHandler: vi.fn((handler: OpenHandler) => {
          contents.handler = handler;
        }),
        isDestroyed: () => false,
      });
      this.webContents = contents;
      electron.contents.push(contents);
      app.emit('web-contents-created', {}, contents);
    }
    static getAllWindows = () => [];
    static fromWebContents = () => null;
  }
  const mock = { app, BrowserWindow, shell: { openExternal: electron.openExternal } };
  return { ...mock, default: mock };
});

import { installSecurityHooks } from '../../../electron/main/security/security-hooks';
import { createWindowFactory } from '../../../electron/main/windows/window-factory';
import { WindowRegistry } from '../../../electron/main/windows/window-registry';

beforeEach(() => {
  electron.contents.length = 0;
  electron.openExternal.mockClear();
});

describe('window.open in our windows', () => {
  it('has one handler, the security hooks’: nothing the window factory does replaces it', () => {
    const registry = new WindowRegistry();
    installSecurityHooks({
      app: { kind: 'origin', origin: 'app://pages' },
      isOurWebContents: (id) => registry.has(id),
      allowDevTools: false,
      defer: () => undefined,
    });
    const factory = createWindowFactory({
      preloadDir: '/p',
      pages: { kind: 'origin', origin: 'app://pages' },
      isPackaged: true,
      registry,
    });
    factory.open('cashier');
    factory.open('display');

    for (const contents of electron.contents) {
      expect(contents.setWindowOpenHandler).toHaveBeenCalledTimes(1);
      // The hooks' handler: an allowed https link goes to the system browser ...
      expect(contents.handler?.({ url: 'https://help.example.com/nfc' })).toEqual({
        action: 'deny',
      });
      // ... anything else nowhere.
      expect(contents.handler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    }
    expect(electron.openExternal.mock.calls).toEqual([
      ['https://help.example.com/nfc'],
      ['https://help.example.com/nfc'],
    ]);
  });
});

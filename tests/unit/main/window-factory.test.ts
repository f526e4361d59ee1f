import type { EventEmitter } from 'node:events';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const created = vi.hoisted(() => [] as unknown[]);
vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  let nextId = 100;
  class BrowserWindow extends Emitter {
    readonly webContents: EventEmitter & {
      id: number;
      setWindowOpenHandler: ReturnType<typeof vi.fn>;
    };
    readonly loadFile = vi.fn(async () => undefined);
    readonly loadURL = vi.fn(async () => undefined);
    readonly show = vi.fn();
    constructor(readonly options: Record<string, unknown>) {
      super();
      this.webContents = Object.assign(new Emitter(), {
        id: nextId++,
        setWindowOpenHandler: vi.fn(),
      });
      created.push(this);
    }
  }
  return { BrowserWindow, default: { BrowserWindow } };
});

import { isTrustedIpcEvent } from '../../../electron/main/security/ipc-sender';
import { appLocationOf, createWindowFactory } from '../../../electron/main/windows/window-factory';
import { WindowRegistry } from '../../../electron/main/windows/window-registry';

type FakeWindow = EventEmitter & {
  options: { webPreferences: Record<string, unknown> } & Record<string, unknown>;
  webContents: EventEmitter & { id: number; setWindowOpenHandler: ReturnType<typeof vi.fn> };
  loadFile: ReturnType<typeof vi.fn>;
  loadURL: ReturnType<typeof vi.fn>;
  show: ReturnType<typeof vi.fn>;
};

const rendererDir = '/opt/app/out/renderer';

beforeEach(() => {
  created.length = 0;
});

describe('createWindowFactory', () => {
  it('opens every window with the secure webPreferences, whatever look is asked for', () => {
    const registry = new WindowRegistry();
    const factory = createWindowFactory({
      preloadDir: '/opt/app/out/preload',
      pages: { kind: 'file', rendererDir },
      isPackaged: true,
      registry,
    });
    factory.open('cashier', {
      width: 1280,
      // A caller cannot weaken the preferences: they are not part of the look.
      ...({
        webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false },
      } as object),
    });
    const window = created[0] as FakeWindow;
    expect(window.options.width).toBe(1280);
    expect(window.options.show).toBe(false);
    expect(window.options.webPreferences).toMatchObject({
      preload: join('/opt/app/out/preload', 'cashier.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      devTools: false,
    });
  });

  it('allows DevTools only in unpackaged builds', () => {
    const factory = createWindowFactory({
      preloadDir: '/p',
      pages: { kind: 'file', rendererDir },
      isPackaged: false,
      registry: new WindowRegistry(),
    });
    factory.open('display');
    expect((created[0] as FakeWindow).options.webPreferences.devTools).toBe(true);
  });

  it('registers the window as ours, leaves window.open to the security hooks, loads the page and shows it when painted', () => {
    const registry = new WindowRegistry();
    const factory = createWindowFactory({
      preloadDir: '/p',
      pages: { kind: 'file', rendererDir },
      isPackaged: true,
      registry,
    });
    factory.open('display');
    const window = created[0] as FakeWindow;
    expect(registry.has(window.webContents.id)).toBe(true);
    // A handler here would replace the hooks' one (tests/unit/main/window-open-handler.test.ts).
    expect(window.webContents.setWindowOpenHandler).not.toHaveBeenCalled();
    expect(window.loadFile).toHaveBeenCalledWith(join(rendererDir, 'display', 'index.html'));
    expect(window.show).not.toHaveBeenCalled();
    window.emit('ready-to-show');
    expect(window.show).toHaveBeenCalled();
    window.webContents.emit('destroyed');
    expect(registry.has(window.webContents.id)).toBe(false);
  });

  it('loads from the dev server in development', () => {
    const factory = createWindowFactory({
      preloadDir: '/p',
      pages: { kind: 'origin', origin: 'http://localhost:5173' },
      isPackaged: false,
      registry: new WindowRegistry(),
    });
    factory.open('cashier');
    expect((created[0] as FakeWindow).loadURL).toHaveBeenCalledWith(
      'http://localhost:5173/cashier/index.html',
    );
  });

  it('loads from our own scheme when the pages are served through it', () => {
    const factory = createWindowFactory({
      preloadDir: '/p',
      pages: { kind: 'origin', origin: 'app://pages' },
      isPackaged: true,
      registry: new WindowRegistry(),
    });
    factory.open('display');
    expect((created[0] as FakeWindow).loadURL).toHaveBeenCalledWith(
      'app://pages/display/index.html',
    );
  });

  it('tells each page a window is opened on before it loads it (main waits for its files)', () => {
    const opened: string[] = [];
    const factory = createWindowFactory({
      preloadDir: '/p',
      pages: { kind: 'origin', origin: 'app://pages' },
      isPackaged: true,
      registry: new WindowRegistry(),
      onOpen: (path) => {
        opened.push(path);
        expect((created.at(-1) as FakeWindow).loadURL).not.toHaveBeenCalled();
      },
    });
    factory.open('cashier');
    factory.open('display');
    expect(opened).toEqual(['/cashier/index.html', '/display/index.html']);
  });

  it('appLocationOf gives the URL checks the same folder the pages load from', () => {
    expect(appLocationOf({ kind: 'file', rendererDir: '/opt/Counter App/out/renderer' })).toEqual({
      kind: 'file',
      rendererDirUrl: 'file:///opt/Counter%20App/out/renderer',
    });
    expect(appLocationOf({ kind: 'origin', origin: 'http://localhost:5173' })).toEqual({
      kind: 'origin',
      origin: 'http://localhost:5173',
    });
  });
});

describe('isTrustedIpcEvent', () => {
  const app = appLocationOf({ kind: 'file', rendererDir });
  const page = `${app.kind === 'file' ? app.rendererDirUrl : ''}/cashier/index.html`;

  function setup() {
    const registry = new WindowRegistry();
    const factory = createWindowFactory({
      preloadDir: '/p',
      pages: { kind: 'file', rendererDir },
      isPackaged: true,
      registry,
    });
    factory.open('cashier');
    return { registry, id: (created[0] as FakeWindow).webContents.id };
  }

  it('answers our window main frame on our page', () => {
    const { registry, id } = setup();
    expect(
      isTrustedIpcEvent(
        { sender: { id }, senderFrame: { url: page, parent: null } } as never,
        registry,
        app,
      ),
    ).toBe(true);
  });

  it.each([
    [
      'another webContents',
      (id: number) => ({ sender: { id: id + 1 }, senderFrame: { url: page, parent: null } }),
    ],
    ['a subframe', (id: number) => ({ sender: { id }, senderFrame: { url: page, parent: {} } })],
    ['a gone frame', (id: number) => ({ sender: { id }, senderFrame: null })],
    [
      'a foreign page',
      (id: number) => ({
        sender: { id },
        senderFrame: { url: 'https://evil.example/', parent: null },
      }),
    ],
    [
      'a frame that throws when read',
      (id: number) => ({
        sender: { id },
        get senderFrame(): never {
          throw new Error('Render frame was disposed');
        },
      }),
    ],
  ])('refuses %s', (_name, makeEvent) => {
    const { registry, id } = setup();
    expect(isTrustedIpcEvent(makeEvent(id) as never, registry, app)).toBe(false);
  });
});

import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  const mock = {
    app: new Emitter(),
    shell: { openExternal: vi.fn(async () => undefined) },
    BrowserWindow: { fromWebContents: vi.fn(), getAllWindows: vi.fn(() => [] as unknown[]) },
  };
  return { ...mock, default: mock };
});

import * as electronModule from 'electron';
import {
  hardenWebContents,
  installSecurityHooks,
  installSessionSecurity,
  type SecurityHooksOptions,
} from '../../../electron/main/security/security-hooks';
import type { AppLocation } from '../../../electron/main/security/trusted-url';

const electron = electronModule as unknown as {
  app: EventEmitter;
  shell: { openExternal: ReturnType<typeof vi.fn> };
  BrowserWindow: {
    fromWebContents: ReturnType<typeof vi.fn>;
    getAllWindows: ReturnType<typeof vi.fn>;
  };
};

const appLocation: AppLocation = { kind: 'file', rendererDirUrl: 'file:///opt/app/out/renderer' };
const ourPage = 'file:///opt/app/out/renderer/cashier/index.html';

class FakeContents extends EventEmitter {
  openHandler: ((details: { url: string }) => { action: string }) | undefined;
  destroyed = false;
  close = vi.fn();
  devToolsWebContents: FakeContents | null = null;
  constructor(readonly id: number) {
    super();
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.openHandler = handler;
  }
  isDestroyed() {
    return this.destroyed;
  }
  getType() {
    return 'window';
  }
}

function navigationEvent(url: string) {
  return { url, preventDefault: vi.fn() };
}

let deferred: (() => void)[];
let ours: Set<number>;
let options: SecurityHooksOptions;

beforeEach(() => {
  vi.clearAllMocks();
  electron.app.removeAllListeners();
  deferred = [];
  ours = new Set([1]);
  options = {
    app: appLocation,
    isOurWebContents: (id) => ours.has(id),
    allowDevTools: false,
    openExternal: electron.shell.openExternal as (href: string) => Promise<void>,
    defer: (task) => deferred.push(task),
  };
});

function harden(contents: FakeContents) {
  hardenWebContents(contents as never, options);
  return contents;
}

describe('installSecurityHooks', () => {
  it('hardens every webContents the app creates, through app "web-contents-created"', () => {
    installSecurityHooks(options);
    const contents = new FakeContents(1);
    electron.app.emit('web-contents-created', {}, contents);
    expect(contents.openHandler).toBeDefined();
    expect(contents.listenerCount('will-navigate')).toBe(1);
  });
});

describe('navigation', () => {
  it.each(['will-navigate', 'will-frame-navigate', 'will-redirect'])(
    '%s: denied off our pages, allowed on them',
    (name) => {
      const contents = harden(new FakeContents(1));
      const away = navigationEvent('https://evil.example/');
      contents.emit(name, away);
      expect(away.preventDefault).toHaveBeenCalled();
      const home = navigationEvent(ourPage);
      contents.emit(name, home);
      expect(home.preventDefault).not.toHaveBeenCalled();
    },
  );

  it('uses the deprecated url argument when the event has none', () => {
    const contents = harden(new FakeContents(1));
    const event = { preventDefault: vi.fn() };
    contents.emit('will-navigate', event, 'javascript:alert(1)');
    expect(event.preventDefault).toHaveBeenCalled();
  });
});

describe('new windows', () => {
  it('are always denied; an https link goes to the system browser, normalised', () => {
    const contents = harden(new FakeContents(1));
    expect(contents.openHandler?.({ url: 'HTTPS://Help.Example.com/nfc' })).toEqual({
      action: 'deny',
    });
    expect(electron.shell.openExternal).toHaveBeenCalledWith('https://help.example.com/nfc');
  });

  it.each([
    'http://example.com/',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'https://u:p@example.com/',
    'ms-settings:',
  ])('never open %s anywhere', (url) => {
    const contents = harden(new FakeContents(1));
    expect(contents.openHandler?.({ url })).toEqual({ action: 'deny' });
    expect(electron.shell.openExternal).not.toHaveBeenCalled();
  });

  it('go through shell.openExternal when no opener is injected', () => {
    const contents = new FakeContents(1);
    hardenWebContents(contents as never, { ...options, openExternal: undefined });
    contents.openHandler?.({ url: 'https://help.example.com/' });
    expect(electron.shell.openExternal).toHaveBeenCalledWith('https://help.example.com/');
  });

  it('deny <webview>', () => {
    const contents = harden(new FakeContents(1));
    const event = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', event, {}, {});
    expect(event.preventDefault).toHaveBeenCalled();
  });
});

describe('webContents the app did not create', () => {
  it('are destroyed once their constructor returned', () => {
    const window = { destroy: vi.fn() };
    electron.BrowserWindow.fromWebContents.mockReturnValue(window);
    harden(new FakeContents(66));
    expect(window.destroy).not.toHaveBeenCalled(); // not before the deferred check
    deferred.forEach((task) => task());
    expect(window.destroy).toHaveBeenCalled();
  });

  it('without a window, the webContents itself is closed', () => {
    electron.BrowserWindow.fromWebContents.mockReturnValue(null);
    const contents = harden(new FakeContents(67));
    deferred.forEach((task) => task());
    expect(contents.close).toHaveBeenCalled();
  });

  it('ours are left alone, including one registered right after construction', () => {
    const window = { destroy: vi.fn() };
    electron.BrowserWindow.fromWebContents.mockReturnValue(window);
    const contents = harden(new FakeContents(2));
    ours.add(2); // the window factory registers it after `new BrowserWindow` returns
    deferred.forEach((task) => task());
    expect(window.destroy).not.toHaveBeenCalled();
    expect(contents.close).not.toHaveBeenCalled();
  });

  it('DevTools of our window survive only when DevTools are allowed', () => {
    const window = { destroy: vi.fn() };
    electron.BrowserWindow.fromWebContents.mockReturnValue(null);
    const devTools = new FakeContents(70);
    electron.BrowserWindow.getAllWindows.mockReturnValue([
      { webContents: { id: 1, devToolsWebContents: devTools } },
    ]);
    options.allowDevTools = true;
    harden(devTools);
    deferred.forEach((task) => task());
    expect(devTools.close).not.toHaveBeenCalled();

    deferred = [];
    options.allowDevTools = false;
    harden(devTools);
    deferred.forEach((task) => task());
    expect(devTools.close).toHaveBeenCalled();
    expect(window.destroy).not.toHaveBeenCalled();
  });
});

describe('installSessionSecurity', () => {
  function fakeSession() {
    const handlers: Record<string, (...args: never[]) => unknown> = {};
    return {
      handlers,
      setPermissionRequestHandler: (handler: never) => (handlers.request = handler),
      setPermissionCheckHandler: (handler: never) => (handlers.check = handler),
      setDevicePermissionHandler: (handler: never) => (handlers.device = handler),
      webRequest: { onHeadersReceived: (handler: never) => (handlers.headers = handler) },
    };
  }

  it('denies every permission request and check', () => {
    const session = fakeSession();
    installSessionSecurity(session as never, {});
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'hid',
      'serial',
      'fullscreen',
    ]) {
      const callback = vi.fn();
      (session.handlers.request as (...args: unknown[]) => void)({}, permission, callback, {});
      expect(callback).toHaveBeenCalledWith(false);
      expect(
        (session.handlers.check as (...args: unknown[]) => boolean)({}, permission, 'file://', {}),
      ).toBe(false);
    }
    expect(
      (session.handlers.device as (...args: unknown[]) => boolean)({ deviceType: 'usb' }),
    ).toBe(false);
  });

  it('sends our CSP with pages, replacing theirs, and leaves other responses alone', () => {
    const session = fakeSession();
    installSessionSecurity(session as never, { imageOrigins: ['https://cdn.pay.example'] });
    const onHeaders = session.handlers.headers as (
      details: unknown,
      callback: (response: unknown) => void,
    ) => void;
    const page = vi.fn();
    onHeaders(
      {
        resourceType: 'mainFrame',
        responseHeaders: { 'content-security-policy': ['default-src *'] },
      },
      page,
    );
    const headers = (page.mock.calls[0]![0] as { responseHeaders: Record<string, string[]> })
      .responseHeaders;
    expect(Object.keys(headers)).toEqual(['Content-Security-Policy']);
    expect(headers['Content-Security-Policy']![0]).toMatch(
      /^default-src 'self'; script-src 'self';.*img-src 'self' data: https:\/\/cdn\.pay\.example;.*connect-src 'none'/,
    );
    const image = vi.fn();
    onHeaders({ resourceType: 'image', responseHeaders: {} }, image);
    expect(image).toHaveBeenCalledWith({});
  });

  it('takes logo origins learned later for the next pages', () => {
    const session = fakeSession();
    const security = installSessionSecurity(session as never, {});
    security.setImageOrigins(['https://logos.pay.example/a.svg', 'javascript:alert(1)']);
    const onHeaders = session.handlers.headers as (
      details: unknown,
      callback: (response: unknown) => void,
    ) => void;
    const page = vi.fn();
    onHeaders({ resourceType: 'mainFrame', responseHeaders: {} }, page);
    const headers = (page.mock.calls[0]![0] as { responseHeaders: Record<string, string[]> })
      .responseHeaders;
    expect(headers['Content-Security-Policy']![0]).toContain(
      "img-src 'self' data: https://logos.pay.example;",
    );
  });
});

import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const state = vi.hoisted(() => ({
  privileged: [] as unknown[],
  handler: undefined as undefined | ((request: Request) => Promise<Response>),
  forks: [] as {
    path: string;
    options: unknown;
    posted: unknown[];
    listeners: Map<string, (...args: unknown[]) => void>;
    killed: boolean;
  }[],
}));

vi.mock('electron', async () => {
  const { readFile } = await import('node:fs/promises');
  const { fileURLToPath } = await import('node:url');
  return {
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) => state.privileged.push(...schemes),
      handle: (_scheme: string, handler: (request: Request) => Promise<Response>) => {
        state.handler = handler;
      },
    },
    net: {
      fetch: async (url: string) => {
        try {
          return new Response(await readFile(fileURLToPath(url)));
        } catch {
          return new Response(null, { status: 404 });
        }
      },
    },
    utilityProcess: {
      fork: (path: string, _args: string[], options: unknown) => {
        const child = {
          path,
          options,
          posted: [] as unknown[],
          listeners: new Map<string, (...args: unknown[]) => void>(),
          killed: false,
          postMessage(message: unknown) {
            this.posted.push(message);
          },
          on(event: string, listener: (...args: unknown[]) => void) {
            this.listeners.set(event, listener);
            return this;
          },
          once(event: string, listener: (...args: unknown[]) => void) {
            const previous = this.listeners.get(event);
            this.listeners.set(event, (...args) => {
              previous?.(...args);
              listener(...args);
            });
            return this;
          },
          kill() {
            this.killed = true;
            return true;
          },
        };
        state.forks.push(child);
        return child;
      },
    },
  };
});

beforeEach(() => {
  state.privileged.length = 0;
  state.handler = undefined;
  state.forks.length = 0;
});

describe('app:// scheme', () => {
  it('is registered as a standard, secure scheme whose scripts V8 code-caches', async () => {
    const { registerAppScheme } = await import('../../../electron/main/app-protocol');
    registerAppScheme();
    // Electron caches a custom scheme's code only with codeCache and standard both set.
    expect(state.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, codeCache: true } },
    ]);
  });

  it('serves the built pages with the CSP header and refuses anything outside them', async () => {
    const root = join(mkdtempSync(join(tmpdir(), 'pages-')), 'renderer');
    mkdirSync(join(root, 'cashier'), { recursive: true });
    writeFileSync(join(root, 'cashier', 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(root, '..', 'secret.js'), 'secret');
    const { serveAppScheme } = await import('../../../electron/main/app-protocol');
    serveAppScheme(root, () => "default-src 'self'");
    const page = await state.handler!(new Request('app://pages/cashier/index.html'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<title>t</title>');
    expect((await state.handler!(new Request('app://pages/cashier/missing.html'))).status).toBe(
      404,
    );
    expect((await state.handler!(new Request('app://elsewhere/cashier/index.html'))).status).toBe(
      403,
    );
    const escaped = await state.handler!(
      new Request(`app://pages/${encodeURIComponent('../secret.js')}`),
    );
    expect(escaped.status).not.toBe(200);
  });

  it("tells each file served by its path, a page's HTML with its text", async () => {
    const root = join(mkdtempSync(join(tmpdir(), 'pages-')), 'renderer');
    mkdirSync(join(root, 'cashier'), { recursive: true });
    mkdirSync(join(root, 'assets'), { recursive: true });
    const html = '<!doctype html><script type="module" src="../assets/a.js"></script>';
    writeFileSync(join(root, 'cashier', 'index.html'), html);
    writeFileSync(join(root, 'assets', 'a.js'), 'export {};');
    const served: [string, string | undefined][] = [];
    const { serveAppScheme } = await import('../../../electron/main/app-protocol');
    serveAppScheme(
      root,
      () => "default-src 'self'",
      (path, text) => served.push([path, text]),
    );
    const page = await state.handler!(new Request('app://pages/cashier/index.html'));
    expect(await page.text()).toBe(html);
    const script = await state.handler!(new Request('app://pages/assets/a.js'));
    expect(await script.text()).toBe('export {};');
    await state.handler!(new Request('app://pages/assets/missing.js'));
    expect(served).toEqual([
      ['/cashier/index.html', html],
      ['/assets/a.js', undefined],
    ]);
  });

  it("serves a page's HTML as pageHtml changes it, and tells the changed text", async () => {
    const root = join(mkdtempSync(join(tmpdir(), 'pages-')), 'renderer');
    mkdirSync(join(root, 'cashier'), { recursive: true });
    mkdirSync(join(root, 'display'), { recursive: true });
    writeFileSync(join(root, 'cashier', 'index.html'), '<html lang="en"><title>c</title>');
    writeFileSync(join(root, 'display', 'index.html'), '<html lang="en"><title>d</title>');
    const served: (string | undefined)[] = [];
    const { serveAppScheme } = await import('../../../electron/main/app-protocol');
    serveAppScheme(
      root,
      () => "default-src 'self'",
      (_path, text) => served.push(text),
      (path, html) =>
        path === '/cashier/index.html' ? html.replace('<html', '<html data-x') : html,
    );
    const cashier = await state.handler!(new Request('app://pages/cashier/index.html'));
    expect(await cashier.text()).toBe('<html data-x lang="en"><title>c</title>');
    const display = await state.handler!(new Request('app://pages/display/index.html'));
    expect(await display.text()).toBe('<html lang="en"><title>d</title>');
    expect(served).toEqual([
      '<html data-x lang="en"><title>c</title>',
      '<html lang="en"><title>d</title>',
    ]);
  });
});

describe('NFC reader in a utilityProcess', () => {
  it('forks the built reader entry and speaks the ReaderChannel shape', async () => {
    const { utilityReaderChannel } = await import('../../../electron/main/utility-reader-channel');
    const channel = utilityReaderChannel('/opt/counter/out/main');
    const [child] = state.forks;
    expect(child?.path).toBe(join('/opt/counter/out/main', 'nfc-reader.js'));
    channel.send({ type: 'shutdown' } as never);
    expect(child?.posted).toEqual([{ type: 'shutdown' }]);
    const heard: unknown[] = [];
    channel.onMessage((message) => heard.push(message));
    child?.listeners.get('message')?.({ type: 'status' });
    expect(heard).toEqual([{ type: 'status' }]);
    const exits: (number | null)[] = [];
    channel.onExit((code) => exits.push(code));
    child?.listeners.get('exit')?.(3);
    expect(exits).toEqual([3]);
    channel.send({ type: 'shutdown' } as never);
    expect(child?.posted).toHaveLength(1);
  });

  it("ends by the UtilityProcess 'exit' event, heard even by a listener added after it", async () => {
    const { utilityReaderChannel } = await import('../../../electron/main/utility-reader-channel');
    const channel = utilityReaderChannel('/opt/counter/out/main');
    const [child] = state.forks;
    channel.kill();
    expect(child?.killed).toBe(true);
    child?.listeners.get('exit')?.(null);
    // Quitting stops the reader after it may already have gone: it must not wait forever.
    const late: (number | null)[] = [];
    channel.onExit((code) => late.push(code));
    expect(late).toEqual([null]);
  });
});

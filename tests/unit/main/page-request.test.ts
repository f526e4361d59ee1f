import { describe, expect, it } from 'vitest';
import { resolvePageRequest } from '../../../electron/main/page-request';

const root = '/opt/counter/out/renderer';

describe('resolvePageRequest', () => {
  it('serves a page and its assets from the renderer folder', () => {
    expect(resolvePageRequest('app://pages/cashier/index.html', root)).toEqual({
      ok: true,
      filePath: `${root}/cashier/index.html`,
      contentType: 'text/html; charset=utf-8',
    });
    expect(resolvePageRequest('app://pages/assets/cashier-1a2b.js?v=1#x', root)).toMatchObject({
      ok: true,
      filePath: `${root}/assets/cashier-1a2b.js`,
    });
  });

  it.each([
    'app://pages/../main/index.js',
    'app://pages/%2e%2e/main/index.js',
    'app://pages/assets/../../../etc/passwd.js',
    'app://pages/assets/%2e%2e%2f%2e%2e%2fetc/passwd.js',
    'app://pages//etc/passwd.js',
  ])('never resolves %s outside the renderer folder', (url) => {
    const result = resolvePageRequest(url, root);
    if (result.ok) expect(result.filePath.startsWith(`${root}/`)).toBe(true);
  });

  it.each([
    'app://pages/assets/%2e%2e%2f%2e%2e%2fetc/passwd.js',
    'app://pages/assets/..%5c..%5cmain.js',
    'app://pages/cashier/index.html%00.js',
    'app://other/cashier/index.html',
    'app://user:pw@pages/cashier/index.html',
    'file:///opt/counter/out/renderer/cashier/index.html',
    'https://pages/cashier/index.html',
  ])('refuses %s', (url) => {
    const result = resolvePageRequest(url, root);
    expect(result.ok).toBe(false);
  });

  it('answers 400 for malformed URLs and escapes', () => {
    expect(resolvePageRequest('not a url', root)).toEqual({ ok: false, status: 400 });
    expect(resolvePageRequest('app://pages/%E0%A4%A', root)).toEqual({ ok: false, status: 400 });
  });

  it('answers 404 for file types it does not serve', () => {
    expect(resolvePageRequest('app://pages/cashier/notes.txt', root)).toEqual({
      ok: false,
      status: 404,
    });
    expect(resolvePageRequest('app://pages/', root)).toEqual({ ok: false, status: 403 });
  });
});

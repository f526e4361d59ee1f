import { describe, expect, it } from 'vitest';
import {
  buildContentSecurityPolicy,
  safeOrigin,
  withContentSecurityPolicy,
} from '../../../electron/main/security/content-security-policy';
import { secureWebPreferences } from '../../../electron/main/security/web-preferences';

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split('; ').map((part) => [part.split(' ')[0], part.split(' ').slice(1)]),
  );

describe('buildContentSecurityPolicy', () => {
  it('is strict by default', () => {
    const policy = directives(buildContentSecurityPolicy());
    expect(policy).toMatchObject({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'none'"],
      'img-src': ["'self'", 'data:'],
      'connect-src': ["'none'"],
      'form-action': ["'none'"],
    });
    expect(buildContentSecurityPolicy()).not.toMatch(/unsafe-eval|\*/);
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
  });

  it('adds logo origins to img-src only, as bare origins', () => {
    const policy = directives(
      buildContentSecurityPolicy({
        imageOrigins: [
          'https://cdn.pay.example/logos/usdc.svg',
          'http://127.0.0.1:8787',
          'https://cdn.pay.example',
        ],
      }),
    );
    expect(policy['img-src']).toEqual([
      "'self'",
      'data:',
      'https://cdn.pay.example',
      'http://127.0.0.1:8787',
    ]);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'none'"]);
  });

  it.each([
    'https://a.example; script-src *',
    "https://a.example 'unsafe-inline'",
    'http://cdn.example', // plain http off loopback
    'javascript:alert(1)',
    'data:image/svg+xml,<svg/>',
    '*',
    'https://user:pw@cdn.example',
    'https://a.example\nscript-src *',
  ])('drops a hostile image origin: %s', (origin) => {
    const policy = buildContentSecurityPolicy({ imageOrigins: [origin] });
    expect(directives(policy)['img-src']).toEqual(["'self'", 'data:']);
    expect(policy.split('; ').filter((part) => part.startsWith('script-src'))).toEqual([
      "script-src 'self'",
    ]);
  });

  it('opens only what the dev server needs, only when asked', () => {
    const policy = directives(
      buildContentSecurityPolicy({ devServerOrigin: 'http://localhost:5173' }),
    );
    expect(policy['script-src']).toEqual(["'self'", "'unsafe-inline'", 'http://localhost:5173']);
    expect(policy['connect-src']).toEqual(['http://localhost:5173', 'ws://localhost:5173']);
    expect(policy['object-src']).toEqual(["'none'"]);
  });

  it('safeOrigin keeps https and loopback http only', () => {
    expect(safeOrigin('https://Cdn.Example:443/x')).toBe('https://cdn.example');
    expect(safeOrigin('http://localhost:1234/logos/a.svg')).toBe('http://localhost:1234');
    expect(safeOrigin('http://[::1]:1234/')).toBe('http://[::1]:1234');
    expect(safeOrigin('http://10.0.0.5/')).toBeUndefined();
    expect(safeOrigin('ftp://cdn.example/')).toBeUndefined();
  });
});

describe('withContentSecurityPolicy', () => {
  it('replaces any CSP the response had, in any letter case, and keeps other headers', () => {
    const headers = withContentSecurityPolicy(
      {
        'content-security-policy': ['default-src *'],
        'CONTENT-SECURITY-POLICY': 'script-src *',
        'Content-Type': ['text/html'],
      },
      "default-src 'self'",
    );
    expect(headers).toEqual({
      'Content-Type': ['text/html'],
      'Content-Security-Policy': ["default-src 'self'"],
    });
    expect(withContentSecurityPolicy(undefined, 'x')).toEqual({ 'Content-Security-Policy': ['x'] });
  });
});

describe('secureWebPreferences', () => {
  it('isolates, sandboxes, and keeps Node out; DevTools as asked', () => {
    const prefs = secureWebPreferences({ preload: '/p/cashier.cjs', devTools: false });
    expect(prefs).toMatchObject({
      preload: '/p/cashier.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: false,
    });
    expect(secureWebPreferences({ preload: '/p', devTools: true }).devTools).toBe(true);
  });

  it('lets the pages play their own sounds without a click (the customer display gets none)', () => {
    expect(secureWebPreferences({ preload: '/p', devTools: false }).autoplayPolicy).toBe(
      'no-user-gesture-required',
    );
  });

  it('turns off auxclick, so a middle click cannot ask for a new window', () => {
    const features = secureWebPreferences({ preload: '/p', devTools: false }).disableBlinkFeatures;
    expect(features?.split(',').map((name) => name.trim())).toContain('Auxclick');
  });
});

import { describe, expect, it } from 'vitest';
import { isTrustedSender } from '../../../electron/main/security/trusted-sender';
import type { AppLocation } from '../../../electron/main/security/trusted-url';

const app: AppLocation = { kind: 'file', rendererDirUrl: 'file:///opt/app/out/renderer' };
const page = 'file:///opt/app/out/renderer/cashier/index.html';
const trust = { webContentsIds: new Set([3, 4]), app };

describe('isTrustedSender', () => {
  it('trusts the main frame of our window showing our page', () => {
    expect(isTrustedSender({ webContentsId: 3, frameUrl: page, isMainFrame: true }, trust)).toBe(
      true,
    );
    expect(
      isTrustedSender({ webContentsId: 4, frameUrl: `${page}#/reports`, isMainFrame: true }, trust),
    ).toBe(true);
  });

  it.each([
    ['a webContents we did not create', { webContentsId: 9, frameUrl: page, isMainFrame: true }],
    [
      'our window navigated elsewhere',
      { webContentsId: 3, frameUrl: 'https://evil.example/', isMainFrame: true },
    ],
    ['a subframe of our page', { webContentsId: 3, frameUrl: page, isMainFrame: false }],
    ['a destroyed frame', { webContentsId: 3, frameUrl: null, isMainFrame: true }],
    ['an unknown frame url', { webContentsId: 3, frameUrl: undefined, isMainFrame: true }],
    ['a data: page', { webContentsId: 3, frameUrl: 'data:text/html,hi', isMainFrame: true }],
    ['about:blank', { webContentsId: 3, frameUrl: 'about:blank', isMainFrame: true }],
    [
      'a file outside the renderer folder',
      { webContentsId: 3, frameUrl: 'file:///tmp/evil.html', isMainFrame: true },
    ],
  ])('rejects %s', (_name, sender) => {
    expect(isTrustedSender(sender, trust)).toBe(false);
  });

  it('works the same for pages served from our own scheme', () => {
    const schemeTrust = {
      webContentsIds: new Set([3]),
      app: { kind: 'origin', origin: 'app://pages' } as const,
    };
    expect(
      isTrustedSender(
        { webContentsId: 3, frameUrl: 'app://pages/cashier/index.html', isMainFrame: true },
        schemeTrust,
      ),
    ).toBe(true);
    expect(
      isTrustedSender(
        { webContentsId: 3, frameUrl: 'app://other/cashier/index.html', isMainFrame: true },
        schemeTrust,
      ),
    ).toBe(false);
    expect(
      isTrustedSender({ webContentsId: 3, frameUrl: page, isMainFrame: true }, schemeTrust),
    ).toBe(false);
  });

  it('follows the live set: a closed window is no longer trusted', () => {
    const ids = new Set([3]);
    const live = { webContentsIds: ids, app };
    expect(isTrustedSender({ webContentsId: 3, frameUrl: page, isMainFrame: true }, live)).toBe(
      true,
    );
    ids.delete(3);
    expect(isTrustedSender({ webContentsId: 3, frameUrl: page, isMainFrame: true }, live)).toBe(
      false,
    );
  });
});

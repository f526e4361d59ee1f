import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

const userData = vi.hoisted(() => ({ dir: '' }));
vi.mock('electron', () => {
  const mock = {
    app: { getPath: () => userData.dir, getVersion: () => '0.1.0' },
    ipcMain: { on: () => undefined },
    shell: {},
    safeStorage: {
      isEncryptionAvailable: () => true,
      getSelectedStorageBackend: () => 'kwallet6',
      encryptString: (text: string) => Buffer.from(text).reverse(),
      decryptString: (data: Buffer) => Buffer.from(data).reverse().toString(),
    },
  };
  return { ...mock, default: mock };
});

import { openShellSettings } from '../../../electron/main/storage/open-settings';
import { policyPath } from '../../../electron/settings/policy-path';

describe('openShellSettings', () => {
  userData.dir = mkdtempSync(join(tmpdir(), 'shell-'));
  afterAll(() => rmSync(userData.dir, { recursive: true, force: true }));

  it('builds settings over userData, the policy from the OS path, and the token store', () => {
    const shell = openShellSettings();
    expect(shell.policyPath).toBe(policyPath(process.platform, process.env));
    const expected = existsSync(shell.policyPath) ? expect.any(String) : 'none';
    expect(shell.settings.current().policy.kind).toEqual(expected);
    expect(shell.localStartProblem).toBeUndefined();
    expect(shell.settings.update({ shopName: 'Corner shop' })).toMatchObject({ ok: true });
    expect(JSON.parse(readFileSync(join(userData.dir, 'settings.json'), 'utf8'))).toEqual({
      shopName: 'Corner shop',
    });
    expect(
      shell.secrets.save('0123456789abcdef0123456789ab3f9a', 'https://pay.example.com'),
    ).toMatchObject({ ok: true });
    expect(readFileSync(join(userData.dir, 'secrets.json'), 'utf8')).not.toContain(
      '0123456789abcdef',
    );
    expect(shell.secrets.load()).toEqual({
      token: '0123456789abcdef0123456789ab3f9a',
      origin: 'https://pay.example.com',
    });
  });
});

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const userData = vi.hoisted(() => ({ dir: '' }));
vi.mock('electron', () => {
  const app = {
    getPath: (name: string) => (name === 'userData' ? userData.dir : '/nowhere'),
    getVersion: () => '0.1.0',
  };
  const mock = { app, ipcMain: { on: () => undefined }, shell: {} };
  return { ...mock, default: mock };
});

import { defaultSettings } from '../../../shared/settings';
import { createElectronSettingsStore } from '../../../electron/main/storage/electron-settings-store';
import { createSettingsService } from '../../../electron/settings/settings-service';

beforeEach(() => {
  userData.dir = mkdtempSync(join(tmpdir(), 'settings-'));
});
afterEach(() => rmSync(userData.dir, { recursive: true, force: true }));

const fileOf = () =>
  JSON.parse(readFileSync(join(userData.dir, 'settings.json'), 'utf8')) as Record<string, unknown>;

describe('createElectronSettingsStore', () => {
  it('writes settings.json in userData and reads it back in a new instance', () => {
    const store = createElectronSettingsStore();
    expect(store.path).toBe(join(userData.dir, 'settings.json'));
    store.write({ currency: 'EUR', customerDisplay: { mode: 'display', displayId: 7 } });
    store.write({ shopName: 'Shop' });
    expect(fileOf()).toEqual({
      currency: 'EUR',
      customerDisplay: { mode: 'display', displayId: 7 },
      shopName: 'Shop',
    });
    expect(createElectronSettingsStore().read()).toEqual(fileOf());
  });

  it('removes keys', () => {
    const store = createElectronSettingsStore();
    store.write({ currency: 'EUR', shopName: 'Shop' });
    store.remove(['currency']);
    expect(fileOf()).toEqual({ shopName: 'Shop' });
  });

  it('does not read dotted keys as paths', () => {
    writeFileSync(
      join(userData.dir, 'settings.json'),
      JSON.stringify({ 'customerDisplay.mode': 'off' }),
    );
    expect(createElectronSettingsStore().read()).toEqual({ 'customerDisplay.mode': 'off' });
  });

  it('a damaged file does not stop the till: it starts empty and says so', () => {
    writeFileSync(join(userData.dir, 'settings.json'), '{"currency": "EUR", ');
    const store = createElectronSettingsStore();
    expect(store.startProblem).toMatch(/could not be read and were reset/);
    expect(store.read()).toEqual({});
    store.write({ currency: 'EUR' });
    expect(fileOf()).toEqual({ currency: 'EUR' });
  });

  it('backs the settings service: checked writes land in the file, bad stored values are ignored', () => {
    writeFileSync(
      join(userData.dir, 'settings.json'),
      JSON.stringify({ nfcAid: 'not hex', shopName: 'Kept' }),
    );
    const service = createSettingsService({
      store: createElectronSettingsStore(),
      defaults: defaultSettings({ reportTimeZone: 'UTC' }),
      policy: { status: { kind: 'none', path: '/etc/counter-app/policy.json' } },
    });
    expect(service.current().values).toMatchObject({ nfcAid: 'F0504F533235', shopName: 'Kept' });
    expect(service.current().localProblems).toHaveLength(1);
    expect(service.update({ currency: 'gbp' })).toMatchObject({ ok: true });
    expect(service.update({ currency: 'pounds' })).toMatchObject({ ok: false });
    expect(fileOf()).toMatchObject({ currency: 'GBP', shopName: 'Kept' });
  });
});

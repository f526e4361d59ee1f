// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppInfo } from '../../../../shared/ipc/views';
import {
  defaultSettings,
  settingKeys,
  type EffectiveSettings,
  type SettingKey,
} from '../../../../shared/settings';
import { changedPatch, draftOf } from '../../../../renderer/cashier/settings/setting-fields';
import { SettingsScreen } from '../../../../renderer/cashier/settings/settings-screen';
import { FirstRunScreen } from '../../../../renderer/cashier/setup/first-run-screen';
import { setupPatch } from '../../../../renderer/cashier/setup/setup-patch';
import { installFakePos, renderWithTheme, type FakePos } from './fake-pos';

function settingsWith(
  locked: SettingKey[] = [],
  values: Partial<EffectiveSettings['values']> = {},
): EffectiveSettings {
  return {
    values: { ...defaultSettings({ reportTimeZone: 'UTC' }), ...values },
    keys: Object.fromEntries(
      settingKeys.map((key) => [
        key,
        locked.includes(key)
          ? { source: 'managed', locked: true }
          : { source: 'default', locked: false },
      ]),
    ) as EffectiveSettings['keys'],
    policy: locked.length
      ? { kind: 'applied', path: '/etc/policy.json', presetKeys: [], lockedKeys: locked }
      : { kind: 'none', path: '' },
    localProblems: [],
  };
}

const info: AppInfo = {
  version: 't',
  demoMode: false,
  needsSetup: true,
  serviceOrigin: null,
  token: { set: false },
};

let pos: FakePos;
beforeEach(() => {
  pos = installFakePos();
  pos.handle('tokenStatus', () => ({ set: true, maskedTail: '••••3f9a' }));
  pos.handle('listDisplays', () => ({
    displays: [],
    cashierDisplayId: 0,
    choice: { kind: 'off', reason: 'no-displays' },
  }));
});
afterEach(() => cleanup());

describe('settings patches', () => {
  it('writes only changed keys that IT does not manage', () => {
    const settings = settingsWith(['feeValue'], { feeValue: '0.5' });
    const draft = { ...draftOf(settings.values), feeValue: '9', currency: 'EUR' };
    expect(changedPatch(draft, settings)).toEqual({ currency: 'EUR' });
    expect(
      setupPatch(
        {
          serviceBaseUrl: ' https://pay.example.com/v1/cf-payment ',
          serialNumber: 'X',
          currency: 'USD',
          feeValue: '1',
        },
        settings,
      ),
    ).toEqual({
      serviceBaseUrl: 'https://pay.example.com/v1/cf-payment',
      serialNumber: 'X',
    });
  });
});

describe('SettingsScreen', () => {
  it('shows managed keys read-only with their badge and the token only masked', async () => {
    renderWithTheme(
      <SettingsScreen
        info={{ ...info, needsSetup: false }}
        settings={settingsWith(['serialNumber'], { serialNumber: 'IT-1' })}
        onSetup={() => undefined}
        onChanged={() => undefined}
      />,
    );
    expect(screen.getByTestId('managed-serialNumber').textContent).toBe('Managed by IT');
    expect((screen.getByTestId('setting-serialNumber') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('setting-currency') as HTMLInputElement).disabled).toBe(false);
    await waitFor(() =>
      expect(screen.getByTestId('token-status').textContent).toContain('••••3f9a'),
    );
    expect(screen.getByTestId('policy-status').textContent).toContain('1 setting is locked');
  });
});

describe('FirstRunScreen', () => {
  it('saves nothing until the token passed the test with this address, then token first, then settings', async () => {
    let done = 0;
    pos.handle('testConnection', (args) =>
      (args as { token: string }).token === 'good-token-123456'
        ? { ok: true, chainCount: 6, message: 'Connected: the service offers 6 chains.' }
        : { ok: false, message: 'The payment service did not accept the API token.' },
    );
    pos.handle('setToken', () => ({ set: true, maskedTail: '••••3456' }));
    pos.handle('updateSettings', () => settingsWith());
    renderWithTheme(
      <FirstRunScreen
        info={info}
        settings={settingsWith(['demoModeAllowed'], { demoModeAllowed: false })}
        forced
        onDone={() => (done += 1)}
      />,
    );
    const save = screen.getByTestId('setup-save') as HTMLButtonElement;
    fireEvent.change(screen.getByTestId('setup-serviceBaseUrl'), {
      target: { value: 'https://pay.example.com/v1/cf-payment' },
    });
    fireEvent.change(screen.getByTestId('setup-serialNumber'), { target: { value: 'POS-7' } });
    fireEvent.change(screen.getByTestId('setup-token'), { target: { value: 'bad-token' } });
    fireEvent.click(screen.getByTestId('setup-test'));
    await screen.findByText('The payment service did not accept the API token.');
    expect(save.disabled).toBe(true);

    fireEvent.change(screen.getByTestId('setup-token'), { target: { value: 'good-token-123456' } });
    fireEvent.click(screen.getByTestId('setup-test'));
    await screen.findByText('Connected: the service offers 6 chains.');
    expect(save.disabled).toBe(false);
    // Changing the address after the test asks for a new test.
    fireEvent.change(screen.getByTestId('setup-serviceBaseUrl'), {
      target: { value: 'https://other.example.com/v1/cf-payment' },
    });
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('setup-serviceBaseUrl'), {
      target: { value: 'https://pay.example.com/v1/cf-payment' },
    });
    expect(save.disabled).toBe(false);

    await act(async () => fireEvent.click(save));
    await waitFor(() => expect(done).toBe(1));
    expect(pos.calls.map((call) => call.name).filter((name) => name !== 'testConnection')).toEqual([
      'setToken',
      'updateSettings',
    ]);
    expect(pos.callsOf('setToken')).toEqual([{ token: 'good-token-123456' }]);
    expect(pos.callsOf('updateSettings')).toEqual([
      { patch: { serviceBaseUrl: 'https://pay.example.com/v1/cf-payment', serialNumber: 'POS-7' } },
    ]);
  });

  it('offers demo mode only when IT allows it', () => {
    renderWithTheme(
      <FirstRunScreen
        info={info}
        settings={settingsWith(['demoModeAllowed'], { demoModeAllowed: false })}
        forced
        onDone={() => undefined}
      />,
    );
    const demo = screen.getByRole('radio', { name: 'Demo mode' }) as HTMLInputElement;
    expect(demo.disabled).toBe(true);
  });
});

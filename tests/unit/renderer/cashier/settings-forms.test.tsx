// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  defaultSettings,
  settingKeys,
  type PageSettings,
  type SettingKey,
} from '../../../../shared/settings';
import { changedPatch, draftOf } from '../../../../renderer/cashier/settings/setting-fields';
import { SettingsScreen } from '../../../../renderer/cashier/settings/settings-screen';
import { FirstRunScreen } from '../../../../renderer/cashier/setup/first-run-screen';
import { setupConnection, setupPatch } from '../../../../renderer/cashier/setup/setup-patch';
import { appInfo } from './cashier-fixtures';
import { installFakePos, renderWithTheme, type FakePos } from './fake-pos';

function settingsWith(
  locked: SettingKey[] = [],
  values: Partial<PageSettings['values']> = {},
): PageSettings {
  return {
    view: 'page',
    values: { ...defaultSettings({ reportTimeZone: 'UTC' }), ...values },
    keys: Object.fromEntries(
      settingKeys.map((key) => [
        key,
        locked.includes(key)
          ? { source: 'managed', locked: true }
          : { source: 'default', locked: false },
      ]),
    ) as PageSettings['keys'],
    policy: locked.length
      ? { kind: 'applied', path: '/etc/policy.json', presetKeys: [], lockedKeys: locked }
      : { kind: 'none', path: '' },
    policySources: [],
    localProblems: [],
  };
}

const info = appInfo({ demoMode: false, needsSetup: true });

/** Shows a section of the settings screen (one at a time). */
const openSection = async (name: string) =>
  act(async () => fireEvent.click(screen.getByTestId(`settings-section-${name}-tab`)));

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
  const fields = {
    serviceBaseUrl: ' https://pay.example.com/v1/cf-payment ',
    serialNumber: 'X',
    currency: 'USD',
    feeValue: '1',
  };

  it('writes only changed keys that IT does not manage, never the service address', () => {
    const settings = settingsWith(['feeValue'], { feeValue: '0.5' });
    const draft = { ...draftOf(settings.values), feeValue: '9', currency: 'EUR' };
    expect(changedPatch(draft, settings)).toEqual({ currency: 'EUR' });
    expect(draftOf(settings.values)).not.toHaveProperty('serviceBaseUrl');
    expect(setupPatch(fields, settings)).toEqual({ serialNumber: 'X' });
  });

  it('connects with the address typed, or with the one IT locked, and the token typed', () => {
    expect(setupConnection(fields, ' tok-1 ', settingsWith())).toEqual({
      baseUrl: 'https://pay.example.com/v1/cf-payment',
      token: 'tok-1',
    });
    const locked = settingsWith(['serviceBaseUrl'], {
      serviceBaseUrl: 'https://it.example.com/v1/cf-payment',
    });
    expect(setupConnection(fields, 'tok-1', locked)).toEqual({
      baseUrl: 'https://it.example.com/v1/cf-payment',
      token: 'tok-1',
    });
  });
});

describe('SettingsScreen', () => {
  it('shows managed keys read-only with their badge and the token only masked', async () => {
    renderWithTheme(
      <SettingsScreen
        info={{ ...info, needsSetup: false }}
        settings={settingsWith(['serialNumber'], { serialNumber: 'IT-1' })}
        session={null}
        onSession={() => undefined}
        onSetup={() => undefined}
        onChanged={() => undefined}
      />,
    );
    await openSection('sale');
    expect((screen.getByTestId('setting-currency') as HTMLInputElement).disabled).toBe(false);
    await openSection('it');
    // Locked: text in IT's list, never an input.
    expect(screen.getByTestId('managed-serialNumber').textContent).toBe('Managed by IT');
    expect(screen.getByTestId('it-setting-serialNumber').textContent).toContain('IT-1');
    expect(document.querySelector('input[data-testid="setting-serialNumber"]')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('token-status').textContent).toContain('••••3f9a'),
    );
    expect(screen.getByTestId('policy-status').textContent).toContain('1 setting is locked');
    // The address is no field of the settings form: it goes with its token.
    expect(screen.queryByTestId('setting-serviceBaseUrl')).toBeNull();
  });

  it('says when the IT policy file was ignored because anybody could change it', async () => {
    const policy = {
      kind: 'untrusted',
      path: '/etc/counter-app/policy.json',
      reason:
        'The policy file was ignored because /etc/counter-app/policy.json is not owned by root.',
    } as const;
    renderWithTheme(
      <SettingsScreen
        info={{ ...info, needsSetup: false }}
        settings={{ ...settingsWith(), policy }}
        session={null}
        onSession={() => undefined}
        onSetup={() => undefined}
        onChanged={() => undefined}
      />,
    );
    await openSection('it');
    const status = screen.getByTestId('policy-status').textContent ?? '';
    expect(status).toContain('not protected');
    expect(status).toContain('is not owned by root');
  });

  it('connects with the address and the token together, in one call', async () => {
    pos.handle('connectService', () => ({
      serviceOrigin: 'https://pay.example.com',
      token: { set: true, maskedTail: '••••3456', origin: 'https://pay.example.com' },
      message:
        'Connected: the service offers 6 chains. The token is saved for https://pay.example.com and is sent nowhere else.',
    }));
    let changed = 0;
    renderWithTheme(
      <SettingsScreen
        info={{ ...info, needsSetup: false }}
        settings={settingsWith([], { serviceBaseUrl: 'https://old.example.com/v1/cf-payment' })}
        session={null}
        onSession={() => undefined}
        onSetup={() => undefined}
        onChanged={() => (changed += 1)}
      />,
    );
    await openSection('it');
    const save = screen.getByTestId('connection-save') as HTMLButtonElement;
    fireEvent.change(screen.getByTestId('connection-address'), {
      target: { value: 'https://pay.example.com/v1/cf-payment' },
    });
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('token-input'), { target: { value: 'good-token-123456' } });
    await act(async () => fireEvent.click(save));
    await screen.findByText(/sent nowhere else/);
    expect(pos.callsOf('connectService')).toEqual([
      { baseUrl: 'https://pay.example.com/v1/cf-payment', token: 'good-token-123456' },
    ]);
    expect(pos.callsOf('updateSettings')).toEqual([]);
    expect(screen.getByTestId('token-status').textContent).toContain('for https://pay.example.com');
    expect(changed).toBe(1);
  });

  it('an address IT moved: read-only, the token problem shown, and the token asked for that address', async () => {
    pos.handle('tokenStatus', () => ({
      set: false,
      origin: 'https://pay.example.com',
      problem:
        'The service address changed to https://it.example.com, and the saved API token was tested with https://pay.example.com: enter the token for the new address.',
    }));
    pos.handle('connectService', () => ({
      serviceOrigin: 'https://it.example.com',
      token: { set: true, maskedTail: '••••3456', origin: 'https://it.example.com' },
      message: 'Connected.',
    }));
    renderWithTheme(
      <SettingsScreen
        info={{ ...info, needsSetup: false }}
        settings={settingsWith(['serviceBaseUrl'], {
          serviceBaseUrl: 'https://it.example.com/v1/cf-payment',
        })}
        session={null}
        onSession={() => undefined}
        onSetup={() => undefined}
        onChanged={() => undefined}
      />,
    );
    await openSection('it');
    await screen.findByTestId('token-problem');
    expect(screen.getByTestId('token-problem').textContent).toContain(
      'enter the token for the new address',
    );
    // IT's address is text with its badge, never an input.
    const address = screen.getByTestId('connection-address');
    expect(address.querySelector('input')).toBeNull();
    expect(address.textContent).toContain('https://it.example.com/v1/cf-payment');
    expect(address.textContent).toContain('Managed by IT');
    expect((screen.getByTestId('connection-disconnect') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('token-input'), { target: { value: 'it-token-123456' } });
    await act(async () => fireEvent.click(screen.getByTestId('connection-save')));
    expect(pos.callsOf('connectService')).toEqual([
      { baseUrl: 'https://it.example.com/v1/cf-payment', token: 'it-token-123456' },
    ]);
    await screen.findByText('Connected.');
  });

  it('shows why a connection was refused, and disconnects in one call', async () => {
    pos.fail(
      'connectService',
      'connection-test-failed',
      'The payment service did not accept the API token. Nothing was changed.',
    );
    pos.handle('disconnectService', () => ({
      serviceOrigin: null,
      token: { set: false },
      message:
        'Disconnected: the API token was removed and the till is in demo mode with the built-in sandbox.',
    }));
    renderWithTheme(
      <SettingsScreen
        info={{ ...info, needsSetup: false }}
        settings={settingsWith([], { serviceBaseUrl: 'https://pay.example.com/v1/cf-payment' })}
        session={null}
        onSession={() => undefined}
        onSetup={() => undefined}
        onChanged={() => undefined}
      />,
    );
    await openSection('it');
    fireEvent.change(screen.getByTestId('token-input'), { target: { value: 'bad-token-123456' } });
    await act(async () => fireEvent.click(screen.getByTestId('connection-save')));
    await screen.findByText(
      'The payment service did not accept the API token. Nothing was changed.',
    );
    expect(screen.getByTestId('error-message').getAttribute('data-kind')).toBe(
      'connection-test-failed',
    );
    await act(async () => fireEvent.click(screen.getByTestId('connection-disconnect')));
    await screen.findByText(/till is in demo mode/);
    expect(pos.callsOf('disconnectService')).toEqual([{}]);
  });
});

describe('FirstRunScreen', () => {
  it('saves nothing until the token passed the test with this address, then both together, then the other settings', async () => {
    let done = 0;
    pos.handle('testConnection', (args) =>
      (args as { token: string }).token === 'good-token-123456'
        ? { ok: true, chainCount: 6, message: 'Connected: the service offers 6 chains.' }
        : { ok: false, message: 'The payment service did not accept the API token.' },
    );
    pos.handle('connectService', () => ({
      serviceOrigin: 'https://pay.example.com',
      token: { set: true, maskedTail: '••••3456', origin: 'https://pay.example.com' },
      message: 'Connected.',
    }));
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
      'connectService',
      'updateSettings',
    ]);
    expect(pos.callsOf('connectService')).toEqual([
      { baseUrl: 'https://pay.example.com/v1/cf-payment', token: 'good-token-123456' },
    ]);
    expect(pos.callsOf('updateSettings')).toEqual([{ patch: { serialNumber: 'POS-7' } }]);
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

describe('SettingsScreen lists and problems', () => {
  const renderSettings = (settings: PageSettings) =>
    renderWithTheme(
      <SettingsScreen
        info={{ ...info, needsSetup: false }}
        settings={settings}
        session={null}
        onSession={() => undefined}
        onSetup={() => undefined}
        onChanged={() => undefined}
      />,
    );
  const field = (key: string) => screen.getByTestId(`setting-${key}`) as HTMLInputElement;

  it('picks the currency from a searchable list of codes and names, and saves the code', async () => {
    pos.handle('updateSettings', () => settingsWith());
    renderSettings(settingsWith());
    await openSection('sale');
    expect(field('currency').value).toBe('USD — US Dollar');
    // The list holds every currency by code and name (happy-dom draws no dropdown, so its
    // options count as hidden; Chromium's typing and filtering are cashier-managed-settings').
    fireEvent.click(field('currency'));
    const list = document.getElementById(field('currency').getAttribute('aria-controls') ?? '');
    const listed = within(list!).getAllByRole('option', { hidden: true });
    expect(listed.length).toBeGreaterThan(100);
    fireEvent.click(
      within(list!).getByRole('option', { name: 'GBP — British Pound', hidden: true }),
    );
    await waitFor(() => expect(field('currency').value).toBe('GBP — British Pound'));
    await act(async () => fireEvent.click(screen.getByTestId('save-settings')));
    expect(pos.callsOf('updateSettings')).toEqual([{ patch: { currency: 'GBP' } }]);
  });

  it('keeps a zone on screen even when the browser does not list it, as text when IT locked it', async () => {
    const unlisted = 'Asia/Kolkata';
    const listed = Intl.supportedValuesOf('timeZone');
    // Chromium's and Node's lists hold some zones under their older names only.
    const zone = listed.includes(unlisted) ? 'Etc/GMT-3' : unlisted;
    renderSettings(
      settingsWith(['reportTimeZone'], { reportTimeZone: zone, serviceTimeZone: zone }),
    );
    expect(field('reportTimeZone').tagName).toBe('DIV');
    expect(field('reportTimeZone').textContent).toContain(zone);
    await openSection('it');
    expect(field('serviceTimeZone').value).toBe(zone.replaceAll('_', ' '));
  });

  it('shows each value main refused beside its field, until that field is changed', async () => {
    pos.fail(
      'updateSettings',
      'settings-invalid',
      'feePercent: The fee percentage must be a number from 0 to 100 with at most 2 decimals. feeFixed: The fixed fee must be an amount.',
    );
    renderSettings(settingsWith());
    await openSection('sale');
    fireEvent.change(field('feePercent'), { target: { value: '200' } });
    fireEvent.change(field('feeFixed'), { target: { value: 'zz' } });
    await act(async () => fireEvent.click(screen.getByTestId('save-settings')));

    const problemOf = (key: string) => {
      const input = field(key);
      if (input.getAttribute('aria-invalid') !== 'true') return null;
      const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
      return ids.map((id) => document.getElementById(id)?.textContent).join(' | ');
    };
    await waitFor(() =>
      expect(problemOf('feePercent')).toContain(
        'The fee percentage must be a number from 0 to 100 with at most 2 decimals.',
      ),
    );
    expect(problemOf('feeFixed')).toContain('The fixed fee must be an amount.');
    expect(problemOf('feeValue')).toBeNull();
    expect(screen.getByTestId('error-message').textContent).toContain('see the fields above');

    fireEvent.change(field('feePercent'), { target: { value: '2' } });
    expect(problemOf('feePercent')).toBeNull();
    expect(problemOf('feeFixed')).toContain('The fixed fee must be an amount.');
  });
});

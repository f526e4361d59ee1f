// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  itOnlySettingKeys,
  settingDomainOf,
  settingKeys,
  type PageSettings,
  type SettingKey,
} from '../../../../shared/settings';
import { settingsPermission, type Permission, type StaffSession } from '../../../../shared/staff';
import { SettingsScreen } from '../../../../renderer/cashier/settings/settings-screen';
import { settingsSections } from '../../../../renderer/cashier/settings/settings-sections';
import { itOnlyKeys } from '../../../../renderer/cashier/settings/setting-words';
import { renderWithTheme } from '../common/render-with-theme';
import { appInfo, cashierSettings } from './cashier-fixtures';
import { installFakePos, type FakePos } from './fake-pos';
import { ana, ben, refused, signedInAs, staffSession } from './staff-fixtures';

// The Settings page by who may change what: sections one at a time; a section the person may
// change with a manager's approval says so in one line; the IT section and the staff list are
// text to whoever may not change them themself; a value IT locked is never an input; a save
// sends one section's keys; the Staff section says how PINs are turned on.

let pos: FakePos;
beforeEach(() => {
  pos = installFakePos();
  pos.handle('tokenStatus', () => ({ set: true, maskedTail: '••••3f9a' }));
  pos.handle('listDisplays', () => ({
    displays: [],
    cashierDisplayId: 0,
    choice: { kind: 'off', reason: 'no-displays' },
  }));
  pos.handle('listPrinters', () => []);
  pos.handle('manualPrices', () => []);
});
afterEach(() => cleanup());

const asCashier = staffSession({ signedIn: signedInAs(ben) });
const asManager = staffSession({ signedIn: signedInAs(ana) });
const pinsOff = staffSession({ pinsRequired: false });

function lockedSettings(locked: SettingKey[], values: Partial<PageSettings['values']> = {}) {
  const settings = cashierSettings(values);
  for (const key of locked) settings.keys[key] = { source: 'managed', locked: true };
  if (locked.length > 0) {
    settings.policy = {
      kind: 'applied',
      path: '/etc/counter-app/policy.json',
      presetKeys: [],
      lockedKeys: locked,
    };
  }
  return settings;
}

function showSettings(session: StaffSession | null, settings = cashierSettings()) {
  let sessions: StaffSession[] = [];
  renderWithTheme(
    <SettingsScreen
      info={appInfo({ demoMode: false })}
      settings={settings}
      session={session}
      onSession={(next) => (sessions = [...sessions, next])}
      onSetup={() => undefined}
      onChanged={() => undefined}
    />,
  );
  return { sessions: () => sessions };
}

const section = (name: string) => screen.getByTestId(`settings-section-${name}`);
async function open(name: string): Promise<HTMLElement> {
  await act(async () => fireEvent.click(screen.getByTestId(`settings-section-${name}-tab`)));
  return section(name);
}

/** Every control a value could be typed, picked or switched with, inside `root`. */
const inputsIn = (root: HTMLElement) =>
  [...root.querySelectorAll('input, textarea, select, [role="switch"], [role="slider"]')].filter(
    (element) => (element as HTMLInputElement).type !== 'file',
  );

const approvalNote = () => screen.queryByTestId('settings-approval-note');

describe('the sections', () => {
  it('match what main checks: each form key is of its section’s domain, IT-only keys as declared', () => {
    for (const each of settingsSections) {
      for (const key of each.formKeys) {
        expect([key, settingsPermission(settingDomainOf[key])]).toEqual([key, each.permission]);
      }
    }
    expect([...itOnlyKeys].sort()).toEqual([...itOnlySettingKeys].sort());
    // Every setting a person may type at the till is in some section's form or panel.
    const formKeys = settingsSections.flatMap((each) => each.formKeys);
    expect(new Set(formKeys).size).toBe(formKeys.length);
    expect(settingKeys.length).toBeGreaterThan(formKeys.length);
  });

  it('shows one section at a time, Shop first, and keeps what was typed while another is shown', async () => {
    showSettings(pinsOff);
    // An inactive section is not drawn at all: its panel is empty.
    expect(inputsIn(section('shop')).length).toBeGreaterThan(0);
    expect(section('it').childElementCount).toBe(0);
    fireEvent.change(screen.getByTestId('setting-shopName'), { target: { value: 'Corner Café' } });
    await open('it');
    expect(section('shop').childElementCount).toBe(0);
    expect(screen.getByTestId('settings-section-shop-tab').getAttribute('data-unsaved')).toBe(
      'true',
    );
    await open('shop');
    expect((screen.getByTestId('setting-shopName') as HTMLInputElement).value).toBe('Corner Café');
  });
});

describe('who sees what', () => {
  it('a cashier: the IT section is text with no input and no set-up button; elsewhere a manager approves', async () => {
    showSettings(asCashier);
    // Shop: the fields are inputs, and one line says a manager approves.
    expect(approvalNote()?.textContent).toMatch(/manager approves/i);
    expect(screen.getByTestId('setting-shopName').tagName).toBe('INPUT');

    const it = await open('it');
    expect(inputsIn(it)).toEqual([]);
    expect(within(it).queryByTestId('open-setup')).toBeNull();
    expect(within(it).queryByTestId('connection-save')).toBeNull();
    expect(within(it).getByTestId('settings-read-only-note').textContent).toMatch(/read-only/i);
    expect(within(it).getByTestId('setting-nfcAid').textContent).toContain('F0504F533235');
    expect(within(it).getByTestId('setting-serviceTimeZone').textContent).toContain('UTC');
    expect(within(it).getByTestId('it-setting-updateFeedUrl').textContent).toContain(
      'None: no updates',
    );
    // Testing the connection in use changes nothing: a cashier may.
    expect(within(it).getByTestId('test-connection')).toBeTruthy();

    for (const name of ['sale', 'receipts', 'sound']) {
      await open(name);
      expect([name, approvalNote()?.textContent ?? null]).toEqual([
        name,
        expect.stringMatching(/manager approves/i),
      ]);
    }
    expect(inputsIn(section('sound')).length).toBeGreaterThan(0);
  });

  it('"Set by IT" reads what main sent with its secrets cut: hosts, names, a hidden path as "…"', async () => {
    showSettings(
      asManager,
      lockedSettings(['serviceBaseUrl'], {
        serviceBaseUrl: 'https://pay.example.com/…/v1/cf-payment',
        rateProviderUrl: 'https://rates.example.com',
        updateFeedUrl: 'https://updates.example.com',
        provisionedManagers: [{ name: 'Ana' }, { name: 'Bo' }],
      }),
    );
    const it = await open('it');
    const words = (key: SettingKey) =>
      within(it).getByTestId(`it-setting-${key}`).querySelector('[data-value]')?.textContent;
    expect(words('rateProviderUrl')).toBe('rates.example.com');
    expect(words('updateFeedUrl')).toBe('updates.example.com');
    expect(words('provisionedManagers')).toBe('Ana, Bo');
    expect(words('serviceBaseUrl')).toBe('https://pay.example.com/…/v1/cf-payment');
  });

  it('a manager: inputs in every section, no approval line, the connection and set-up offered', async () => {
    showSettings(asManager);
    expect(approvalNote()).toBeNull();
    const it = await open('it');
    expect(within(it).getByTestId('setting-serialNumber').tagName).toBe('INPUT');
    expect(within(it).getByTestId('token-input').tagName).toBe('INPUT');
    expect(within(it).getByTestId('open-setup')).toBeTruthy();
    expect(within(it).queryByTestId('settings-read-only-note')).toBeNull();
    // Where a value comes from is said only when IT set it: no "Default" badge.
    expect(screen.queryByText('Default')).toBeNull();
    const staff = await open('staff');
    expect(within(staff).getByTestId('add-staff')).toBeTruthy();
    expect(within(staff).queryByTestId('staff-read-only-note')).toBeNull();
  });

  it('a role that holds only the receipts changes them itself, and needs a manager elsewhere', async () => {
    const permissions: Permission[] = ['sell', 'settings:printing'];
    showSettings(
      staffSession({
        signedIn: { staffId: 'p-pia', name: 'Pia', role: 'printing' },
        permissions,
      }),
    );
    expect(approvalNote()).not.toBeNull();
    const receipts = await open('receipts');
    expect(approvalNote()).toBeNull();
    expect(inputsIn(receipts).length).toBeGreaterThan(0);
    await open('sound');
    expect(approvalNote()).not.toBeNull();
    const it = await open('it');
    expect(inputsIn(it)).toEqual([]);
    const staff = await open('staff');
    expect(within(staff).getByTestId('staff-read-only-note').textContent).toContain(
      'Only a manager signed in changes this list',
    );
    expect(within(staff).queryByTestId('add-staff')).toBeNull();
    expect(within(within(staff).getByTestId('staff-list')).queryAllByRole('button')).toEqual([]);
  });

  it('with staff PINs off, everything the till allows is editable, with no note', async () => {
    showSettings(pinsOff);
    for (const each of settingsSections) {
      await open(each.name);
      expect([each.name, approvalNote(), screen.queryByTestId('settings-read-only-note')]).toEqual([
        each.name,
        null,
        null,
      ]);
    }
    expect(within(section('it')).getByTestId('setting-nfcAid').tagName).toBe('INPUT');
  });
});

describe('a value IT locked', () => {
  const locked: SettingKey[] = [
    'shopName',
    'feeValue',
    'serialNumber',
    'soundOn',
    'receiptPaper',
    'autoLockMinutes',
    'shiftRequired',
  ];
  const where: Record<string, string> = {
    shopName: 'shop',
    feeValue: 'sale',
    soundOn: 'sound',
    receiptPaper: 'receipts',
    autoLockMinutes: 'staff',
    shiftRequired: 'staff',
  };

  it('is never an input, even to a manager: text with "Managed by IT", and listed in IT', async () => {
    showSettings(asManager, lockedSettings(locked, { shopName: 'Managed Market' }));
    for (const [key, name] of Object.entries(where)) {
      const shown = await open(name);
      const value = within(shown).getByTestId(`setting-${key}`);
      expect([key, value.tagName, value.querySelector('input')]).toEqual([key, 'DIV', null]);
      expect(within(shown).getByTestId(`managed-${key}`).textContent).toBe('Managed by IT');
      expect(inputsIn(shown).length).toBeGreaterThan(0);
    }
    expect(within(await open('shop')).getByTestId('setting-shopName').textContent).toContain(
      'Managed Market',
    );
    const it = await open('it');
    expect(within(it).queryByTestId('setting-serialNumber')).toBeNull();
    for (const key of locked) {
      const row = within(it).getByTestId(`it-setting-${key}`);
      expect([key, within(row).getByTestId(`managed-${key}`).textContent]).toEqual([
        key,
        'Managed by IT',
      ]);
    }
    expect(within(it).getByTestId('policy-status').textContent).toContain('7 settings are locked');
    // Never sent: the shop form saves only what may be written.
    await open('shop');
    fireEvent.change(screen.getByTestId('setting-shopTaxId'), { target: { value: 'DE1' } });
    await act(async () => fireEvent.click(screen.getByTestId('save-settings')));
    expect(pos.callsOf('updateSettings')).toEqual([{ patch: { shopTaxId: 'DE1' } }]);
  });
});

describe('saving', () => {
  it("sends only the section's changed keys, never an empty change", async () => {
    pos.handle('updateSettings', () => cashierSettings());
    showSettings(pinsOff);
    const save = () => screen.getByTestId('save-settings') as HTMLButtonElement;
    expect(save().disabled).toBe(true);
    fireEvent.change(screen.getByTestId('setting-shopName'), { target: { value: 'Corner Café' } });
    fireEvent.change(screen.getByTestId('setting-shopTaxId'), { target: { value: 'DE1' } });
    await open('sale');
    expect(save().disabled).toBe(true);
    fireEvent.change(screen.getByTestId('setting-feePercent'), { target: { value: '2' } });
    await act(async () => fireEvent.click(save()));
    expect(pos.callsOf('updateSettings')).toEqual([{ patch: { feePercent: '2' } }]);
    await open('it');
    fireEvent.change(screen.getByTestId('setting-nfcAid'), { target: { value: 'F0504F533236' } });
    await act(async () => fireEvent.click(save()));
    await open('shop');
    await act(async () => fireEvent.click(save()));
    expect(pos.callsOf('updateSettings')).toEqual([
      { patch: { feePercent: '2' } },
      { patch: { nfcAid: 'F0504F533236' } },
      { patch: { shopName: 'Corner Café', shopTaxId: 'DE1' } },
    ]);
  });
});

describe('how staff PINs are turned on', () => {
  const pinsState = async () => (await open('staff'), screen.getByTestId('staff-pins-how'));

  it('says IT does it when IT locked the setting, whoever is signed in', async () => {
    showSettings(asManager, lockedSettings(['staffPinsRequired'], { staffPinsRequired: true }));
    const how = await pinsState();
    expect(how.textContent).toBe('IT turns staff PINs on or off for this till.');
    expect(within(how).queryByRole('button')).toBeNull();
  });

  it('tells a cashier a manager does it, with no control', async () => {
    showSettings(asCashier);
    const how = await pinsState();
    expect(how.textContent).toMatch(/^A manager .*turns staff PINs on or off\.$/);
    expect(within(how).queryByRole('button')).toBeNull();
  });

  it('lets whoever may manage the staff turn them on, after a confirm', async () => {
    pos.handle('updateSettings', () => cashierSettings({ staffPinsRequired: true }));
    showSettings(pinsOff);
    await pinsState();
    fireEvent.click(screen.getByTestId('staff-pins-turn-on'));
    expect(pos.callsOf('updateSettings')).toEqual([]);
    await act(async () => fireEvent.click(screen.getByTestId('staff-pins-confirm-yes')));
    expect(pos.callsOf('updateSettings')).toEqual([{ patch: { staffPinsRequired: true } }]);
  });

  it("offers a manager to turn them off, and shows main's words when it refuses", async () => {
    pos.answer('updateSettings', () =>
      refused(
        'not-allowed',
        "Another manager is on the staff list: only IT's policy can turn staff PINs off.",
      ),
    );
    showSettings(asManager);
    await pinsState();
    fireEvent.click(screen.getByTestId('staff-pins-turn-off'));
    await act(async () => fireEvent.click(screen.getByTestId('staff-pins-confirm-yes')));
    expect(pos.callsOf('updateSettings')).toEqual([{ patch: { staffPinsRequired: false } }]);
    await waitFor(() =>
      expect(screen.getByTestId('error-message').textContent).toContain(
        "Another manager is on the staff list: only IT's policy can turn staff PINs off.",
      ),
    );
  });
});

describe('whether the till sells only in a shift', () => {
  it("is a manager's choice in the Staff section, saved at once", async () => {
    pos.handle('updateSettings', () => cashierSettings({ shiftRequired: 'always' }));
    showSettings(asManager);
    const staff = await open('staff');
    const field = within(staff).getByTestId('setting-shiftRequired') as HTMLInputElement;
    expect(field.value).toBe('When staff PINs are on');
    fireEvent.click(field);
    const list = document.getElementById(field.getAttribute('aria-controls') ?? '');
    await act(async () =>
      fireEvent.click(within(list!).getByRole('option', { name: 'Always', hidden: true })),
    );
    expect(pos.callsOf('updateSettings')).toEqual([{ patch: { shiftRequired: 'always' } }]);
  });
});

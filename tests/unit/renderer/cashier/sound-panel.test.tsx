// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageSettings, SettingKey } from '../../../../shared/settings';
import { SoundPanel } from '../../../../renderer/cashier/settings/sound-panel';
import { SettingsScreen } from '../../../../renderer/cashier/settings/settings-screen';
import { SoundPortProvider } from '../../../../renderer/common/sound/sound-port-context';
import { recordingPort } from '../common/recording-sound-port';
import { renderWithTheme } from '../common/render-with-theme';
import { appInfo, cashierSettings } from './cashier-fixtures';
import { installFakePos } from './fake-pos';

afterEach(() => cleanup());

function lockedSettings(locked: SettingKey[], values: Partial<PageSettings['values']> = {}) {
  const settings = cashierSettings(values);
  for (const key of locked) settings.keys[key] = { source: 'managed', locked: true };
  return settings;
}

function showPanel(settings: PageSettings) {
  const port = recordingPort();
  const save = vi.fn(async (_values: Record<string, unknown>) => null);
  const ui = (next: PageSettings) => (
    <SoundPortProvider port={port}>
      <SoundPanel settings={next} save={save} />
    </SoundPortProvider>
  );
  const view = renderWithTheme(ui(settings));
  return { port, save, show: (next: PageSettings) => view.rerender(ui(next)) };
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const volumeThumb = () => screen.getByRole('slider', { name: 'Volume' });

describe('SoundPanel', () => {
  it('shows the settings in effect: sounds on at 70, the display silent', () => {
    showPanel(cashierSettings());
    expect(input('setting-soundOn').checked).toBe(true);
    expect(input('setting-customerDisplaySound').checked).toBe(false);
    expect(volumeThumb().getAttribute('aria-valuenow')).toBe('70');
    expect(screen.getByTestId('sound-volume-value').textContent).toBe('70');
  });

  it('saves each switch at once', () => {
    const panel = showPanel(cashierSettings());
    fireEvent.click(input('setting-soundOn'));
    fireEvent.click(input('setting-customerDisplaySound'));
    expect(panel.save.mock.calls).toEqual([[{ soundOn: false }], [{ customerDisplaySound: true }]]);
  });

  it('saves the volume where the slider stops, and follows a new value from main', () => {
    const panel = showPanel(cashierSettings());
    fireEvent.keyDown(volumeThumb(), { key: 'ArrowRight' });
    expect(panel.save.mock.calls).toEqual([[{ soundVolume: 71 }]]);
    expect(screen.getByTestId('sound-volume-value').textContent).toBe('71');
    panel.show(cashierSettings({ soundVolume: 20 }));
    expect(volumeThumb().getAttribute('aria-valuenow')).toBe('20');
  });

  it('plays the chime at the slider volume on "Test sound", even with sounds off', () => {
    const panel = showPanel(cashierSettings({ soundOn: false, soundVolume: 45 }));
    fireEvent.click(screen.getByRole('button', { name: 'Test sound' }));
    // Moved but not saved yet: the cashier hears the level the slider shows.
    fireEvent.keyDown(volumeThumb(), { key: 'ArrowLeft' });
    fireEvent.click(screen.getByRole('button', { name: 'Test sound' }));
    expect(panel.port.plays).toEqual([
      { sound: 'accepted', volume: 45 },
      { sound: 'accepted', volume: 44 },
    ]);
  });

  it('shows the settings IT manages as text with their badge, never as a control', () => {
    const panel = showPanel(
      lockedSettings(['soundOn', 'soundVolume', 'customerDisplaySound'], { soundVolume: 35 }),
    );
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('slider')).toBeNull();
    for (const key of ['soundOn', 'soundVolume', 'customerDisplaySound'])
      expect(screen.getByTestId(`managed-${key}`).textContent).toBe('Managed by IT');
    expect(screen.getByTestId('setting-soundOn').textContent).toContain('On');
    expect(screen.getByTestId('setting-soundVolume').textContent).toContain('35');
    // Hearing the level is no change to a setting: at IT's volume.
    fireEvent.click(screen.getByRole('button', { name: 'Test sound' }));
    expect(panel.port.plays).toEqual([{ sound: 'accepted', volume: 35 }]);
    expect(panel.save).not.toHaveBeenCalled();
  });

  it('leaves the other settings free when only one is managed', () => {
    showPanel(lockedSettings(['customerDisplaySound']));
    expect(input('setting-soundOn').disabled).toBe(false);
    expect(screen.getByTestId('setting-customerDisplaySound').tagName).toBe('DIV');
    expect(screen.queryByTestId('managed-soundOn')).toBeNull();
  });
});

describe('the sound panel on the settings screen', () => {
  it('saves through the settings screen, with updateSettings', async () => {
    const pos = installFakePos();
    pos.handle('tokenStatus', () => ({ set: false }));
    pos.handle('listDisplays', () => ({
      displays: [],
      cashierDisplayId: 0,
      choice: { kind: 'off', reason: 'no-displays' },
    }));
    const info = appInfo();
    renderWithTheme(
      <SettingsScreen
        info={info}
        settings={cashierSettings()}
        session={null}
        onSession={() => undefined}
        onSetup={() => undefined}
        onChanged={() => undefined}
      />,
    );
    await act(async () => fireEvent.click(screen.getByTestId('settings-section-sound-tab')));
    await act(async () => fireEvent.click(input('setting-soundOn')));
    await waitFor(() =>
      expect(pos.callsOf('updateSettings')).toEqual([{ patch: { soundOn: false } }]),
    );
  });
});

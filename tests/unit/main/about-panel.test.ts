import { describe, expect, it } from 'vitest';
import { aboutPanelOptions, installAboutPanel } from '../../../electron/main/about-panel';

describe('About panel', () => {
  it('shows the product, its version, the copyright and the runtime support asks for', () => {
    expect(aboutPanelOptions('1.4.2', { electron: '45.4.1', chrome: '142.0.7444.52' })).toEqual({
      applicationName: 'Counter',
      applicationVersion: '1.4.2',
      version: 'Electron 45.4.1, Chrome 142.0.7444.52',
      copyright: 'Copyright © 2026 CounterApp',
    });
  });

  it("is set from the app's own version", () => {
    const set: Electron.AboutPanelOptionsOptions[] = [];
    installAboutPanel({
      getVersion: () => '0.9.0',
      setAboutPanelOptions: (options) => void set.push(options),
    });
    expect(set.map((options) => options.applicationVersion)).toEqual(['0.9.0']);
  });
});

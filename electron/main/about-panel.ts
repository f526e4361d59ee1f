import type { App } from 'electron';

/**
 * The OS's About panel (the app menu's "About Counter" on macOS, and Linux): name, version,
 * copyright, and the Electron and Chrome it runs on, which support asks for first. The same
 * version is on the settings screen.
 */
export function aboutPanelOptions(
  version: string,
  versions: Readonly<Record<string, string | undefined>>,
): Electron.AboutPanelOptionsOptions {
  return {
    applicationName: 'Counter',
    applicationVersion: version,
    version: `Electron ${versions.electron ?? '?'}, Chrome ${versions.chrome ?? '?'}`,
    copyright: 'Copyright © 2026 CounterApp',
  };
}

export function installAboutPanel(app: Pick<App, 'setAboutPanelOptions' | 'getVersion'>): void {
  app.setAboutPanelOptions(aboutPanelOptions(app.getVersion(), process.versions));
}

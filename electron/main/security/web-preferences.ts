import type { WebPreferences } from 'electron';

/**
 * The webPreferences every window of ours gets (Electron's security checklist). Type-only import:
 * this file is pure and tested without Electron.
 */
export function secureWebPreferences(options: {
  preload: string;
  devTools: boolean;
}): WebPreferences {
  return {
    preload: options.preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
    devTools: options.devTools,
  };
}

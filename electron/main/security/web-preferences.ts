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
    // Middle-click (auxclick) is the one way left for a page to ask for another window;
    // the window-open handler refuses it too, but the event should not exist at all.
    disableBlinkFeatures: 'Auxclick',
    // The till's sounds are made in the page (Web Audio, no media files). The customer display
    // is never clicked, and the cashier's first act of a day may be a card read: without this
    // Chromium keeps their audio asleep until a gesture that never comes.
    autoplayPolicy: 'no-user-gesture-required',
    devTools: options.devTools,
  };
}

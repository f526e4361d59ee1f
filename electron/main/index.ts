// Composition root. For now it opens the two placeholder windows with the security
// baseline; the desktop-shell issue wires the services, settings, IPC and demo mode here.
import { app, BrowserWindow } from 'electron';
import { join } from 'node:path';

const preloadDir = join(import.meta.dirname, '../preload');
const rendererDir = join(import.meta.dirname, '../renderer');

function openWindow(page: 'cashier' | 'display'): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    show: false,
    webPreferences: {
      preload: join(preloadDir, `${page}.cjs`),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });
  window.once('ready-to-show', () => window.show());
  void window.loadFile(join(rendererDir, page, 'index.html'));
  return window;
}

void app.whenReady().then(() => {
  openWindow('cashier');
  openWindow('display');
});

app.on('window-all-closed', () => app.quit());

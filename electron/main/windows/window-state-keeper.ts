import type { Clock } from '../../../shared/clock';
import { silentLogger, type Logger } from '../../logging/logger';
import { parseSavedWindowState, type Rect, type SavedWindowState } from './window-placement';

/** What the keeper needs of a BrowserWindow (tests pass a fake). */
export interface KeptWindow {
  on(event: 'move' | 'resize' | 'maximize' | 'unmaximize' | 'close', listener: () => void): unknown;
  getNormalBounds(): Rect;
  isMaximized(): boolean;
  isDestroyed(): boolean;
}

/** Where the state is kept (an electron-store file in main; memory in tests). */
export interface WindowStateSlot {
  read(): unknown;
  write(state: SavedWindowState): void;
}

export function readWindowState(slot: WindowStateSlot): SavedWindowState | undefined {
  try {
    return parseSavedWindowState(slot.read());
  } catch {
    return undefined;
  }
}

export interface WindowStateKeeperOptions {
  slot: WindowStateSlot;
  clock: Clock;
  /** A drag fires 'move' many times a second: save once it has been still this long. */
  debounceMs?: number;
  logger?: Logger;
}

/**
 * Saves the window's bounds once a move or resize has settled (timed by the Clock) and at
 * once when the window closes, so the next start opens it on the same monitor and size.
 */
export function keepWindowState(window: KeptWindow, options: WindowStateKeeperOptions): void {
  const logger = options.logger ?? silentLogger;
  const debounceMs = options.debounceMs ?? 500;
  let cancelPending: (() => void) | undefined;

  const save = () => {
    cancelPending?.();
    cancelPending = undefined;
    if (window.isDestroyed()) return;
    try {
      options.slot.write({ bounds: window.getNormalBounds(), maximized: window.isMaximized() });
    } catch (error) {
      // A full disk must not disturb the till; the window just opens at the default next time.
      logger.warn('window state not saved', { error: String(error) });
    }
  };
  const saveSoon = () => {
    cancelPending?.();
    cancelPending = options.clock.at(options.clock.now() + debounceMs, save);
  };

  for (const event of ['move', 'resize', 'maximize', 'unmaximize'] as const)
    window.on(event, saveSoon);
  window.on('close', save);
}

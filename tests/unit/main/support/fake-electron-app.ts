import { EventEmitter } from 'node:events';

/**
 * Electron's quit rules, as far as the quit sequence meets them, for unit tests run without
 * Electron: app.quit() emits a cancellable 'before-quit', then closes every window, and a
 * window that refuses (a 'close' listener calls preventDefault, or it was made with
 * `closable: false`) cancels the whole quit; app.exit() ends at once without either.
 * When the last window goes while not quitting, 'window-all-closed' is emitted, and with no
 * listener the app quits (Electron's default). The single-instance lock is held until the
 * process ends or releases it, so a "relaunch" can ask for it again.
 */
export interface Cancellable {
  defaultPrevented: boolean;
  preventDefault(): void;
}

export function cancellable(): Cancellable {
  return {
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

const lock: { holder: FakeApp | undefined } = { holder: undefined };

export class FakeWindow extends EventEmitter {
  destroyed = false;
  constructor(
    private readonly app: FakeApp,
    readonly closable = true,
    readonly name = 'window',
  ) {
    super();
    app.windows.add(this);
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  /** BrowserWindow.close(): false when the window refused. */
  close(): boolean {
    if (this.destroyed) return true;
    if (!this.closable) return false;
    const event = cancellable();
    this.emit('close', event);
    if (event.defaultPrevented) return false;
    this.destroy();
    return true;
  }
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.app.windows.delete(this);
    this.emit('closed');
    this.app.windowGone();
  }
}

export class FakeApp extends EventEmitter {
  readonly windows = new Set<FakeWindow>();
  exitCode: number | undefined;
  private quitting = false;

  get ended(): boolean {
    return this.exitCode !== undefined;
  }

  requestSingleInstanceLock(): boolean {
    if (lock.holder && lock.holder !== this) return false;
    lock.holder = this;
    return true;
  }
  releaseSingleInstanceLock(): void {
    if (lock.holder === this) lock.holder = undefined;
  }

  quit(): void {
    if (this.ended) return;
    const event = cancellable();
    this.emit('before-quit', event);
    if (event.defaultPrevented) return;
    this.quitting = true;
    for (const window of [...this.windows]) {
      if (!window.close()) {
        this.quitting = false;
        return;
      }
    }
    this.end(0);
  }

  exit(code: number): void {
    if (this.ended) return;
    this.quitting = true;
    for (const window of [...this.windows]) window.destroy();
    this.end(code);
  }

  windowGone(): void {
    if (this.quitting || this.windows.size > 0) return;
    this.emit('window-all-closed');
    if (this.listenerCount('window-all-closed') === 0) this.quit();
  }

  private end(code: number): void {
    this.exitCode = code;
    // The OS frees the lock with the process (not through the API, so tests can tell).
    if (lock.holder === this) lock.holder = undefined;
  }
}

/** A fresh process asking for the lock, as a relaunch would. */
export function relaunchGetsLock(): boolean {
  return new FakeApp().requestSingleInstanceLock();
}

export function resetLock(): void {
  lock.holder = undefined;
}

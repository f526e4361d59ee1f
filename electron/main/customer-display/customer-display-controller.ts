import {
  screen as electronScreen,
  type BrowserWindow,
  type Display,
  type Rectangle,
} from 'electron';
import {
  chooseCustomerDisplay,
  type CustomerDisplayChoice,
  type CustomerDisplaySnapshot,
  type DisplayInfo,
} from '../../../shared/customer-display';
import type { CustomerDisplaySetting } from '../../../shared/settings';
import { silentLogger, type Logger } from '../../logging/logger';
import type { WindowLook } from '../windows/window-factory';

/** The part of Electron's `screen` the controller uses (tests pass a fake). */
export interface ScreenPort {
  getAllDisplays(): Display[];
  getPrimaryDisplay(): Display;
  getDisplayMatching(rect: Rectangle): Display;
  on(
    event: 'display-added' | 'display-removed' | 'display-metrics-changed',
    listener: () => void,
  ): unknown;
  removeListener(
    event: 'display-added' | 'display-removed' | 'display-metrics-changed',
    listener: () => void,
  ): unknown;
}

export interface CustomerDisplayControllerOptions {
  /** Opens the display page with the given look: `factory.open('display', look)`. */
  openWindow: (look: WindowLook) => BrowserWindow;
  cashierWindow: () => BrowserWindow | undefined;
  setting: () => CustomerDisplaySetting;
  /** True once the app is quitting: only then may the customer display close. */
  isQuitting: () => boolean;
  screen?: ScreenPort;
  logger?: Logger;
  /** process.platform by default: macOS gets simple full screen. */
  platform?: NodeJS.Platform;
}

export type { CustomerDisplaySnapshot } from '../../../shared/customer-display';

const SCREEN_EVENTS = ['display-added', 'display-removed', 'display-metrics-changed'] as const;

/**
 * Keeps the customer display window where chooseCustomerDisplay says, as monitors come and
 * go. Full screen and frameless on the customer's monitor; a plain window for "same screen".
 * Moving to another monitor recreates the window rather than moving a full-screen window;
 * the page gets its state from main again by subscription, so nothing is lost. On macOS the
 * full screen is the simple kind: no Space of its own, no animation, so it appears at once on
 * the customer's monitor and re-fits without a flicker.
 */
export class CustomerDisplayController {
  private readonly screen: ScreenPort;
  private readonly logger: Logger;
  private readonly platform: NodeJS.Platform;
  private current: { window: BrowserWindow; placement: string } | undefined;
  private last: CustomerDisplaySnapshot | undefined;
  private readonly listeners = new Set<(snapshot: CustomerDisplaySnapshot) => void>();
  private readonly onScreenChange = () => this.refresh();
  private watchedCashier: BrowserWindow | undefined;
  private started = false;
  private lastNote: string | undefined;

  constructor(private readonly options: CustomerDisplayControllerOptions) {
    this.screen = options.screen ?? electronScreen;
    this.logger = options.logger ?? silentLogger;
    this.platform = options.platform ?? process.platform;
  }

  /** Call after app 'ready' and after the cashier window exists. */
  start(): CustomerDisplaySnapshot {
    if (!this.started) {
      this.started = true;
      for (const event of SCREEN_EVENTS) this.screen.on(event, this.onScreenChange);
    }
    return this.refresh();
  }

  /** Stops following monitors and destroys the window: quitting calls this. */
  stop(): void {
    if (this.started)
      for (const event of SCREEN_EVENTS) this.screen.removeListener(event, this.onScreenChange);
    this.started = false;
    this.watchedCashier?.removeListener('moved', this.onScreenChange);
    this.watchedCashier = undefined;
    this.removeWindow();
  }

  /** Re-reads displays and the setting and puts the window right. Call when the setting changes. */
  refresh(): CustomerDisplaySnapshot {
    const snapshot = this.measure();
    this.apply(snapshot.choice);
    this.last = snapshot;
    // Display events can come in bursts: log a note when it changes, not on every event.
    const note = snapshot.choice.note;
    if (note && note !== this.lastNote) this.logger.info('customer display', { note });
    this.lastNote = note;
    for (const listener of this.listeners) listener(snapshot);
    return snapshot;
  }

  snapshot(): CustomerDisplaySnapshot | undefined {
    return this.last;
  }

  window(): BrowserWindow | undefined {
    return this.current?.window;
  }

  onChange(listener: (snapshot: CustomerDisplaySnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private measure(): CustomerDisplaySnapshot {
    const primaryId = this.screen.getPrimaryDisplay().id;
    const displays: DisplayInfo[] = this.screen.getAllDisplays().map((display) => ({
      id: display.id,
      bounds: { ...display.bounds },
      primary: display.id === primaryId,
      internal: display.internal,
      label: display.label,
    }));
    const cashier = this.options.cashierWindow();
    const live = cashier && !cashier.isDestroyed() ? cashier : undefined;
    this.watchCashier(live);
    const cashierDisplayId = live ? this.screen.getDisplayMatching(live.getBounds()).id : primaryId;
    return {
      displays,
      cashierDisplayId,
      choice: chooseCustomerDisplay(displays, cashierDisplayId, this.options.setting()),
    };
  }

  /** Dragging the till's window onto another monitor changes which one is "the cashier's". */
  private watchCashier(cashier: BrowserWindow | undefined): void {
    if (cashier === this.watchedCashier) return;
    this.watchedCashier?.removeListener('moved', this.onScreenChange);
    this.watchedCashier = cashier;
    cashier?.on('moved', this.onScreenChange);
  }

  private apply(choice: CustomerDisplayChoice): void {
    if (choice.kind === 'off') {
      this.removeWindow();
      return;
    }
    const placement = `${choice.kind}:${choice.displayId}`;
    const existing = this.current;
    if (existing && !existing.window.isDestroyed() && existing.placement === placement) {
      if (choice.kind === 'fullscreen') this.fitFullScreen(existing.window, choice.bounds);
      return;
    }
    this.removeWindow();
    const window = this.options.openWindow(lookFor(choice, this.platform));
    window.on('close', (event) => {
      // The customer (or a stray Alt+F4) cannot close it; quitting the app can.
      if (!this.options.isQuitting()) event.preventDefault();
    });
    window.once('closed', () => {
      if (this.current?.window === window) this.current = undefined;
    });
    this.current = { window, placement };
  }

  /** Same display, new resolution or arrangement: follow its bounds. */
  private fitFullScreen(window: BrowserWindow, bounds: Rectangle): void {
    const now = window.getBounds();
    if (
      now.x === bounds.x &&
      now.y === bounds.y &&
      now.width === bounds.width &&
      now.height === bounds.height
    )
      return;
    if (this.platform === 'darwin') {
      // Simple full screen is a borderless window over the monitor: new bounds are enough,
      // and leaving and re-entering it would flash the desktop.
      window.setBounds(bounds);
      return;
    }
    window.setFullScreen(false);
    window.setBounds(bounds);
    window.setFullScreen(true);
  }

  /** destroy() skips the 'close' event, so the close guard does not stop us. */
  private removeWindow(): void {
    const existing = this.current;
    this.current = undefined;
    if (existing && !existing.window.isDestroyed()) existing.window.destroy();
  }
}

/**
 * Full screen, frameless, fixed; or a plain window the cashier can move on a single-monitor
 * till. Unclosable by the customer either way (`closable: false`, and the controller's close
 * guard); quitting destroys it.
 */
function lookFor(
  choice: Exclude<CustomerDisplayChoice, { kind: 'off' }>,
  platform: NodeJS.Platform = process.platform,
): WindowLook {
  const common: WindowLook = {
    ...choice.bounds,
    title: 'Customer display',
    autoHideMenuBar: true,
    closable: false,
  };
  if (choice.kind === 'window')
    return { ...common, frame: true, fullscreen: false, minimizable: true };
  return {
    ...common,
    frame: false,
    fullscreen: true,
    resizable: false,
    movable: false,
    minimizable: false,
    maximizable: false,
    skipTaskbar: true,
    // macOS: 'fullscreen' then means the simple kind (no separate Space, no animation).
    ...(platform === 'darwin' ? { simpleFullscreen: true } : {}),
  };
}

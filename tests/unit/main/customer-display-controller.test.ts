import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => {
  const mock = { screen: {} };
  return { ...mock, default: mock };
});

import {
  CustomerDisplayController,
  type ScreenPort,
} from '../../../electron/main/customer-display/customer-display-controller';
import type { CustomerDisplaySetting } from '../../../shared/settings';
import { requestedBounds, type Rect } from '../../support/window-rect';
interface FakeDisplay {
  id: number;
  bounds: Rect;
  internal: boolean;
  label: string;
}

class FakeScreen extends EventEmitter implements ScreenPort {
  displays: FakeDisplay[] = [];
  getAllDisplays = () => this.displays as never[];
  getPrimaryDisplay = () => this.displays[0] as never;
  getDisplayMatching = (rect: Rect) => {
    const cx = rect.x + rect.width / 2;
    const cy = rect.y + rect.height / 2;
    const hit = this.displays.find(
      (d) =>
        cx >= d.bounds.x &&
        cx < d.bounds.x + d.bounds.width &&
        cy >= d.bounds.y &&
        cy < d.bounds.y + d.bounds.height,
    );
    return (hit ?? this.displays[0]) as never;
  };
  set(
    displays: FakeDisplay[],
    event: 'display-added' | 'display-removed' | 'display-metrics-changed',
  ) {
    this.displays = displays;
    this.emit(event);
  }
}

class FakeWindow extends EventEmitter {
  destroyed = false;
  bounds: Rect;
  fullScreenCalls: boolean[] = [];
  constructor(readonly look: Record<string, unknown>) {
    super();
    this.bounds = requestedBounds(look);
  }
  isDestroyed = () => this.destroyed;
  destroy = vi.fn(() => {
    this.destroyed = true;
    this.emit('closed');
  });
  getBounds = () => ({ ...this.bounds });
  setBounds = vi.fn((bounds: Rect) => {
    this.bounds = { ...bounds };
  });
  setFullScreen = vi.fn((flag: boolean) => this.fullScreenCalls.push(flag));
  /** What Electron does on window.close(): 'close' (cancellable), then 'closed'. */
  tryClose(): boolean {
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    if (!prevented) this.destroy();
    return !prevented;
  }
}

const main: FakeDisplay = {
  id: 1,
  bounds: { x: 0, y: 0, width: 1920, height: 1080 },
  internal: true,
  label: 'Built-in',
};
const customer: FakeDisplay = {
  id: 2,
  bounds: { x: 1920, y: 0, width: 1280, height: 800 },
  internal: false,
  label: 'Pole display',
};

let screen: FakeScreen;
let windows: FakeWindow[];
let setting: CustomerDisplaySetting;
let quitting: boolean;
let cashier: FakeWindow;

function makeController(platform: NodeJS.Platform = 'win32') {
  return new CustomerDisplayController({
    screen,
    platform,
    openWindow: vi.fn((look) => {
      const window = new FakeWindow(look as Record<string, unknown>);
      windows.push(window);
      return window as never;
    }),
    cashierWindow: () => cashier as never,
    setting: () => setting,
    isQuitting: () => quitting,
  });
}

const live = () => windows.filter((window) => !window.destroyed);

beforeEach(() => {
  screen = new FakeScreen();
  screen.displays = [main, customer];
  windows = [];
  setting = { mode: 'auto' };
  quitting = false;
  cashier = new FakeWindow({ x: 100, y: 100, width: 1200, height: 800 });
});

describe('CustomerDisplayController', () => {
  it('opens the display page full screen and frameless on the customer monitor', () => {
    const snapshot = makeController().start();
    expect(snapshot.choice).toMatchObject({ kind: 'fullscreen', displayId: 2 });
    expect(snapshot.cashierDisplayId).toBe(1);
    expect(
      snapshot.displays.map((d) => ({ id: d.id, primary: d.primary, label: d.label })),
    ).toEqual([
      { id: 1, primary: true, label: 'Built-in' },
      { id: 2, primary: false, label: 'Pole display' },
    ]);
    expect(live()).toHaveLength(1);
    expect(windows[0]!.look).toMatchObject({
      ...customer.bounds,
      frame: false,
      fullscreen: true,
      closable: false,
      movable: false,
      resizable: false,
      skipTaskbar: true,
    });
  });

  it('Windows and Linux: native full screen, no macOS-only options', () => {
    makeController('win32').start();
    expect(windows[0]!.look).toMatchObject({ fullscreen: true });
    expect(windows[0]!.look).not.toHaveProperty('simpleFullscreen');
  });

  it('macOS: simple full screen (no Space of its own), re-fitted by bounds alone', () => {
    makeController('darwin').start();
    expect(windows[0]!.look).toMatchObject({
      ...customer.bounds,
      fullscreen: true,
      simpleFullscreen: true,
      frame: false,
      closable: false,
    });
    const bigger = { ...customer, bounds: { x: 1920, y: 0, width: 1920, height: 1080 } };
    screen.set([main, bigger], 'display-metrics-changed');
    expect(windows).toHaveLength(1);
    expect(windows[0]!.setBounds).toHaveBeenCalledWith(bigger.bounds);
    // Leaving and re-entering full screen would flash the desktop.
    expect(windows[0]!.fullScreenCalls).toEqual([]);
  });

  it('macOS: the same-screen window is a plain window, not full screen', () => {
    setting = { mode: 'same-screen' };
    makeController('darwin').start();
    expect(windows[0]!.look).toMatchObject({ frame: true, fullscreen: false });
    expect(windows[0]!.look).not.toHaveProperty('simpleFullscreen');
  });

  it('cannot be closed by the customer, only by quitting the app', () => {
    makeController().start();
    const window = windows[0]!;
    expect(window.tryClose()).toBe(false);
    expect(window.destroyed).toBe(false);
    quitting = true;
    expect(window.tryClose()).toBe(true);
  });

  it('follows unplug and replug without a restart', () => {
    const controller = makeController();
    controller.start();
    screen.set([main], 'display-removed');
    expect(live()).toHaveLength(0);
    expect(controller.snapshot()?.choice).toMatchObject({
      kind: 'off',
      reason: 'no-other-display',
    });
    screen.set([main, { ...customer, id: 9 }], 'display-added'); // Windows may give a new id
    expect(live()).toHaveLength(1);
    expect(live()[0]!.look).toMatchObject({ ...customer.bounds, fullscreen: true });
  });

  it('follows a resolution change on the same monitor without recreating the window', () => {
    makeController().start();
    const bigger = { ...customer, bounds: { x: 1920, y: 0, width: 1920, height: 1080 } };
    screen.set([main, bigger], 'display-metrics-changed');
    expect(windows).toHaveLength(1);
    expect(windows[0]!.setBounds).toHaveBeenCalledWith(bigger.bounds);
    expect(windows[0]!.fullScreenCalls).toEqual([false, true]);
    // Unchanged metrics: nothing touched.
    screen.set([main, bigger], 'display-metrics-changed');
    expect(windows[0]!.setBounds).toHaveBeenCalledTimes(1);
  });

  it('moves when the cashier drags the till onto the other monitor', () => {
    makeController().start();
    cashier.bounds = { x: 2000, y: 50, width: 1000, height: 700 };
    cashier.emit('moved');
    expect(live()).toHaveLength(1);
    expect(live()[0]!.look).toMatchObject({ ...main.bounds, fullscreen: true });
  });

  it('applies a new setting on refresh: same screen is a framed window, off closes it', () => {
    const controller = makeController();
    controller.start();
    setting = { mode: 'same-screen' };
    controller.refresh();
    expect(live()).toHaveLength(1);
    expect(live()[0]!.look).toMatchObject({ frame: true, fullscreen: false, closable: false });
    setting = { mode: 'off' };
    controller.refresh();
    expect(live()).toHaveLength(0);
  });

  it('tells listeners, with the note for a missing chosen display', () => {
    const controller = makeController();
    const listener = vi.fn();
    controller.onChange(listener);
    setting = { mode: 'display', displayId: 42 };
    controller.start();
    expect(listener).toHaveBeenCalledWith(
      expect.objectContaining({
        choice: expect.objectContaining({
          kind: 'fullscreen',
          displayId: 2,
          note: expect.stringMatching(/42/),
        }),
      }),
    );
  });

  it('reopens a window that went away by other means', () => {
    const controller = makeController();
    controller.start();
    windows[0]!.destroy(); // e.g. the renderer crashed and the window was torn down
    controller.refresh();
    expect(live()).toHaveLength(1);
    expect(windows).toHaveLength(2);
  });

  it('stop: no more listening, window gone', () => {
    const controller = makeController();
    controller.start();
    controller.stop();
    expect(live()).toHaveLength(0);
    expect(screen.listenerCount('display-added')).toBe(0);
    expect(cashier.listenerCount('moved')).toBe(0);
    screen.set([main, customer], 'display-added');
    expect(live()).toHaveLength(0);
  });
});

import type { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../support/manual-clock';
import type { Rect } from '../../support/window-rect';

const electron = vi.hoisted(() => ({
  userData: '',
  displays: [] as { bounds: Rect; workArea: Rect }[],
  windows: [] as unknown[],
}));

vi.mock('electron', async () => {
  const { EventEmitter } = await import('node:events');
  const { requestedBounds } = await import('../../support/window-rect');
  let nextId = 1;
  class BrowserWindow extends EventEmitter {
    readonly webContents = Object.assign(new EventEmitter(), { id: nextId++ });
    readonly loadURL = vi.fn(async () => undefined);
    readonly maximize = vi.fn(() => {
      this.maximized = true;
    });
    maximized = false;
    destroyed = false;
    bounds: Rect;
    constructor(readonly options: Record<string, unknown>) {
      super();
      this.bounds = requestedBounds(options);
      electron.windows.push(this);
    }
    getNormalBounds = () => ({ ...this.bounds });
    isMaximized = () => this.maximized;
    isDestroyed = () => this.destroyed;
  }
  const mock = {
    BrowserWindow,
    app: { getPath: () => electron.userData, getVersion: () => '0.1.0' },
    screen: {
      getAllDisplays: () => electron.displays,
      getPrimaryDisplay: () => electron.displays[0],
    },
    shell: {},
    ipcMain: { on: () => undefined },
  };
  return { ...mock, default: mock };
});

import { electronWindowStateSlot } from '../../../electron/main/storage/window-state-store';
import { openCashierWindow } from '../../../electron/main/windows/cashier-window';
import { createWindowFactory } from '../../../electron/main/windows/window-factory';
import { restoredPlacement } from '../../../electron/main/windows/window-placement';
import { WindowRegistry } from '../../../electron/main/windows/window-registry';

type FakeWindow = EventEmitter & {
  options: Record<string, unknown>;
  bounds: Rect;
  maximized: boolean;
  maximize: ReturnType<typeof vi.fn>;
};

const laptop = {
  bounds: { x: 0, y: 0, width: 1440, height: 900 },
  workArea: { x: 0, y: 25, width: 1440, height: 875 },
};
const external = {
  bounds: { x: 1440, y: 0, width: 2560, height: 1440 },
  workArea: { x: 1440, y: 0, width: 2560, height: 1400 },
};
const stateFile = () => join(electron.userData, 'window-state.json');

let clock: ManualClock;

function open(): FakeWindow {
  const window = openCashierWindow({
    factory: createWindowFactory({
      preloadDir: '/p',
      pages: { kind: 'origin', origin: 'app://pages' },
      isPackaged: true,
      registry: new WindowRegistry(),
    }),
    slot: electronWindowStateSlot(),
    clock,
  });
  return window as unknown as FakeWindow;
}

beforeEach(() => {
  electron.userData = mkdtempSync(join(tmpdir(), 'window-state-'));
  electron.displays = [laptop, external];
  electron.windows.length = 0;
  clock = new ManualClock();
});
afterEach(() => rmSync(electron.userData, { recursive: true, force: true }));

describe('the cashier window keeps its size and monitor', () => {
  it('first start: the default size centred on the primary monitor', () => {
    const window = open();
    expect(window.options).toMatchObject({
      x: 80,
      y: 63,
      width: 1280,
      height: 800,
      minWidth: 900,
      title: 'Counter',
    });
  });

  it('saves once a move has settled (by the clock), and restores there on the next start', () => {
    const window = open();
    window.bounds = { x: 1600, y: 100, width: 1400, height: 900 };
    window.emit('move');
    clock.advance(300);
    window.bounds = { x: 1700, y: 120, width: 1400, height: 900 };
    window.emit('move');
    clock.advance(499);
    expect(() => readFileSync(stateFile(), 'utf8')).toThrow(); // still moving: nothing written
    clock.advance(1);
    expect(JSON.parse(readFileSync(stateFile(), 'utf8'))).toEqual({
      cashier: { bounds: { x: 1700, y: 120, width: 1400, height: 900 }, maximized: false },
    });
    expect(open().options).toMatchObject({ x: 1700, y: 120, width: 1400, height: 900 });
  });

  it('saves at once on close, maximized included', () => {
    const window = open();
    window.bounds = { x: 1500, y: 50, width: 1000, height: 700 };
    window.maximized = true;
    window.emit('close');
    expect(clock.pendingTimers()).toBe(0);
    const next = open();
    expect(next.options).toMatchObject({ x: 1500, y: 50, width: 1000, height: 700 });
    expect(next.maximize).toHaveBeenCalled();
  });

  it('a monitor that is gone: back to the default, centred on the primary monitor', () => {
    const window = open();
    window.bounds = { x: 1700, y: 120, width: 1400, height: 900 };
    window.emit('close');
    electron.displays = [laptop]; // the external monitor was unplugged
    expect(open().options).toMatchObject({ x: 80, y: 63, width: 1280, height: 800 });
  });

  it('a damaged or hand-edited file counts as nothing saved', () => {
    // On screen, but no window can be 0 wide, and "yes" is not a boolean.
    writeFileSync(
      stateFile(),
      JSON.stringify({
        cashier: { bounds: { x: 100, y: 100, width: 0, height: 300 }, maximized: 'yes' },
      }),
    );
    const edited = open();
    expect(edited.options).toMatchObject({ x: 80, y: 63, width: 1280, height: 800 });
    expect(edited.maximize).not.toHaveBeenCalled();
    writeFileSync(stateFile(), '{"cashier": ');
    expect(open().options).toMatchObject({ x: 80, y: 63, width: 1280, height: 800 });
  });
});

describe('restoredPlacement', () => {
  const saved = (bounds: Rect) => ({ bounds, maximized: false });

  it('keeps bounds that overlap a connected monitor even partly', () => {
    const partly = saved({ x: 1300, y: 10, width: 500, height: 500 });
    expect(restoredPlacement(partly, [laptop], laptop.workArea, { width: 1280, height: 800 })).toBe(
      partly,
    );
  });

  it('moves bounds that only touch a monitor edge, and fits the default into a small monitor', () => {
    const touching = saved({ x: 1024, y: 0, width: 500, height: 500 });
    const small = { x: 0, y: 0, width: 1024, height: 768 };
    expect(
      restoredPlacement(touching, [{ bounds: small }], small, { width: 1280, height: 800 }),
    ).toEqual({ bounds: { x: 0, y: 0, width: 1024, height: 768 }, maximized: false });
  });
});

import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../support/manual-clock';
import {
  cancellable,
  FakeApp,
  FakeWindow,
  relaunchGetsLock,
  resetLock,
} from './support/fake-electron-app';

const electron = vi.hoisted(() => ({
  app: undefined as unknown as FakeApp,
  showMessageBox: vi.fn(),
}));

// Each test gets a fresh FakeApp; the module's `app` forwards to the current one.
vi.mock('electron', async () =>
  (await import('./support/quit-electron-module')).quitElectronModule(electron),
);

import {
  installQuitSequence,
  type QuitSequence,
  type QuitServices,
} from '../../../electron/main/lifecycle/quit-sequence';
import { askQuitDuringSale } from '../../../electron/main/lifecycle/quit-confirmation';

const KEEP_SELLING = 0;
const QUIT = 1;

/** Lets promise callbacks (the services' close, the dialog's answer) run. */
async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** AppServices' quit contract: a sale that may be open, and an ordered close. */
function fakeServices() {
  const steps: string[] = [];
  let finishClose: () => void = () => {};
  const closeMayFinish = new Promise<void>((resolve) => (finishClose = resolve));
  const sale = {
    open: false,
    current: () => (sale.open ? { terminal: false, reference: 'S-0042' } : null),
    cancel: vi.fn(),
  };
  const services = {
    sale,
    steps,
    close: vi.fn(async () => {
      steps.push('reader process stopped', 'sale timers stopped');
      await closeMayFinish;
      steps.push('journal checkpointed and closed', 'sandbox closed');
    }),
    /** Lets close() finish, as the reader process's exit and the journal close would. */
    finishClose: () => finishClose(),
  };
  return services satisfies QuitServices;
}

let app: FakeApp;
let clock: ManualClock;
let services: ReturnType<typeof fakeServices>;
let cashier: FakeWindow;
let displays: FakeWindow[];
let quit: QuitSequence;

/** A customer display as the controller makes it: `closable: false` and a close guard. */
function openDisplay(): FakeWindow {
  const window = new FakeWindow(app, false, 'customer display');
  window.on('close', (event: { preventDefault(): void }) => {
    if (!quit.isQuitting()) event.preventDefault();
  });
  displays.push(window);
  return window;
}

function start(options: { displays?: number; startup?: Promise<unknown>; started?: boolean } = {}) {
  quit = installQuitSequence({
    services: () => (options.started === false ? undefined : services),
    ...(options.startup ? { startup: () => options.startup! } : {}),
    cashierWindow: () => cashier,
    closeDisplays: () => displays.forEach((window) => window.destroy()),
    confirmQuitDuringSale: (sale) => askQuitDuringSale(cashier as never, sale),
    clock,
  });
  quit.guard(cashier as never);
  for (let i = 0; i < (options.displays ?? 0); i++) openDisplay();
}

beforeEach(() => {
  resetLock();
  app = new FakeApp();
  electron.app = app;
  expect(app.requestSingleInstanceLock()).toBe(true);
  electron.showMessageBox.mockReset();
  clock = new ManualClock();
  services = fakeServices();
  cashier = new FakeWindow(app, true, 'cashier');
  displays = [];
});

describe('quitting the till', () => {
  it.each([0, 1, 2])(
    'with %i customer displays: displays destroyed in before-quit, services closed, then exit 0',
    async (count) => {
      start({ displays: count });
      const release = vi.spyOn(app, 'releaseSingleInstanceLock');
      app.quit();
      expect(displays.every((window) => window.destroyed)).toBe(true);
      await flush();
      expect(services.close).toHaveBeenCalledTimes(1);
      // Not before the services are closed: the journal is still being closed.
      expect(app.ended).toBe(false);
      expect(relaunchGetsLock()).toBe(false);
      services.finishClose();
      await flush();
      expect(services.steps).toEqual([
        'reader process stopped',
        'sale timers stopped',
        'journal checkpointed and closed',
        'sandbox closed',
      ]);
      expect(app.exitCode).toBe(0);
      expect(release).toHaveBeenCalled();
      expect(relaunchGetsLock()).toBe(true);
      expect(electron.showMessageBox).not.toHaveBeenCalled();
    },
  );

  it("the cashier window's close button quits through the same sequence", async () => {
    start({ displays: 1 });
    expect(cashier.close()).toBe(false); // held until the services are closed
    expect(displays[0]!.destroyed).toBe(true);
    services.finishClose();
    await flush();
    expect(app.exitCode).toBe(0);
    expect(cashier.destroyed).toBe(true);
  });

  it('a customer cannot close a display while the till runs', () => {
    start({ displays: 1 });
    const event = cancellable();
    displays[0]!.emit('close', event);
    expect(event.defaultPrevented).toBe(true);
    expect(displays[0]!.close()).toBe(false);
    expect(services.close).not.toHaveBeenCalled();
  });

  it('when every window has gone, it still does not exit before the services are closed', async () => {
    start();
    cashier.destroy(); // e.g. torn down after a renderer crash: 'window-all-closed'
    await flush();
    expect(services.close).toHaveBeenCalledTimes(1);
    expect(app.ended).toBe(false);
    services.finishClose();
    await flush();
    expect(app.exitCode).toBe(0);
  });

  it('a quit while starting waits for start-up, then closes what it built', async () => {
    let started: () => void = () => {};
    const startup = new Promise<void>((resolve) => (started = resolve));
    let built = false;
    quit = installQuitSequence({
      services: () => (built ? services : undefined),
      startup: () => startup,
      cashierWindow: () => undefined,
      closeDisplays: () => undefined,
      confirmQuitDuringSale: async () => true,
      clock,
    });
    app.quit();
    await flush();
    expect(app.ended).toBe(false);
    built = true;
    started();
    await flush();
    expect(services.close).toHaveBeenCalledTimes(1);
    services.finishClose();
    await flush();
    expect(app.exitCode).toBe(0);
  });
});

describe('quitting during a sale', () => {
  beforeEach(() => {
    services.sale.open = true;
  });

  it('asks the cashier first; "keep selling" keeps the till, its displays and the sale', async () => {
    start({ displays: 1 });
    electron.showMessageBox.mockResolvedValue({ response: KEEP_SELLING, checkboxChecked: false });
    app.quit();
    expect(electron.showMessageBox).toHaveBeenCalledTimes(1);
    const [parent, message] = electron.showMessageBox.mock.calls[0]!;
    expect(parent).toBe(cashier);
    expect(message).toMatchObject({
      buttons: ['Keep selling', 'Quit'],
      cancelId: KEEP_SELLING,
      message: expect.stringContaining('S-0042'),
    });
    app.quit(); // a second Cmd+Q while the question is open asks nothing more
    expect(electron.showMessageBox).toHaveBeenCalledTimes(1);
    await flush();
    expect(quit.state()).toBe('running');
    expect(services.close).not.toHaveBeenCalled();
    expect(app.ended).toBe(false);
    expect(displays[0]!.destroyed).toBe(false);
    expect(cashier.destroyed).toBe(false);
    expect(services.sale.cancel).not.toHaveBeenCalled();
    // Asked again next time.
    app.quit();
    expect(electron.showMessageBox).toHaveBeenCalledTimes(2);
  });

  it('"quit" closes the services with the sale left open in the journal, then exits 0', async () => {
    start({ displays: 2 });
    electron.showMessageBox.mockResolvedValue({ response: QUIT, checkboxChecked: false });
    expect(cashier.close()).toBe(false);
    await flush();
    expect(displays.every((window) => window.destroyed)).toBe(true);
    services.finishClose();
    await flush();
    expect(services.sale.cancel).not.toHaveBeenCalled();
    expect(services.sale.current()).toMatchObject({ terminal: false, reference: 'S-0042' });
    expect(services.steps).toContain('journal checkpointed and closed');
    expect(app.exitCode).toBe(0);
    expect(relaunchGetsLock()).toBe(true);
  });

  it('a dialog that fails keeps selling rather than quitting under a sale', async () => {
    start();
    electron.showMessageBox.mockRejectedValue(new Error('no dialog'));
    app.quit();
    await flush();
    expect(quit.state()).toBe('running');
    expect(services.close).not.toHaveBeenCalled();
  });
});

describe('the OS ending the session', () => {
  beforeEach(() => {
    services.sale.open = true;
  });

  it("Windows 'session-end': closes without asking, exits 0 once closed", async () => {
    start({ displays: 1 });
    cashier.emit('session-end', cancellable());
    expect(electron.showMessageBox).not.toHaveBeenCalled();
    expect(displays[0]!.destroyed).toBe(true);
    services.finishClose();
    await flush();
    expect(app.exitCode).toBe(0);
    expect(services.sale.cancel).not.toHaveBeenCalled();
  });

  it('exits within the time the OS gives, even if closing hangs', async () => {
    start();
    cashier.emit('session-end', cancellable());
    await flush();
    clock.advance(3_999);
    await flush();
    expect(app.ended).toBe(false);
    clock.advance(1);
    await flush();
    expect(app.exitCode).toBe(1);
    expect(relaunchGetsLock()).toBe(true);
  });

  it("'session-end' while the cashier is being asked closes at once", async () => {
    start();
    electron.showMessageBox.mockReturnValue(new Promise(() => undefined)); // never answered
    app.quit();
    expect(quit.state()).toBe('asking');
    cashier.emit('session-end', cancellable());
    services.finishClose();
    await flush();
    expect(app.exitCode).toBe(0);
  });

  it("'before-quit' without windows (macOS shutdown): closes without asking", async () => {
    start();
    cashier.destroyed = true; // gone without a 'window-all-closed' of its own
    app.quit();
    expect(electron.showMessageBox).not.toHaveBeenCalled();
    services.finishClose();
    await flush();
    expect(app.exitCode).toBe(0);
  });

  it("powerMonitor 'shutdown' (macOS, Linux): delays the shutdown and closes without asking", async () => {
    start();
    const powerMonitor = new EventEmitter();
    quit.watchSystemShutdown(powerMonitor as never);
    const event = cancellable();
    powerMonitor.emit('shutdown', event);
    expect(event.defaultPrevented).toBe(true);
    expect(electron.showMessageBox).not.toHaveBeenCalled();
    services.finishClose();
    await flush();
    expect(app.exitCode).toBe(0);
  });
});

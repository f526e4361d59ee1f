import type { IpcMainInvokeEvent } from 'electron';
import { describe, expect, it } from 'vitest';
import { callNames, type Calls } from '../../../shared/ipc/contract';
import {
  callChannel,
  eventChannel,
  LATEST_CHANNEL,
  type CallHandlers,
} from '../../../shared/ipc/contract-kit';
import { registerIpc } from '../../../electron/main/ipc-registration';
import { silentLogger } from '../../../electron/logging/logger';
import { createStartGate, START_WAIT_MS } from '../../../electron/app/start-gate';
import { ManualClock } from '../../support/manual-clock';

type Handler = (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<unknown>;

function fakeContents(id: number) {
  const sent: [string, unknown][] = [];
  const destroyedListeners: (() => void)[] = [];
  return {
    id,
    sent,
    destroyed: false,
    send(channel: string, payload: unknown) {
      sent.push([channel, payload]);
    },
    isDestroyed() {
      return this.destroyed;
    },
    once(_event: 'destroyed', listener: () => void) {
      destroyedListeners.push(listener);
      return this;
    },
    destroy() {
      this.destroyed = true;
      for (const listener of destroyedListeners) listener();
    },
  };
}

function setup(options: { trusted?: (id: number) => boolean; started?: boolean } = {}) {
  const handlers = new Map<string, Handler>();
  const calls: string[] = [];
  const serviceHandlers = new Proxy(
    {},
    {
      get: (_target, name) => async () => {
        calls.push(String(name));
        return `result of ${String(name)}`;
      },
    },
  ) as CallHandlers<Calls>;
  const clock = new ManualClock();
  const gate = createStartGate<{
    handlers: CallHandlers<Calls>;
    latest: (name: string) => unknown;
  }>(clock);
  const started = {
    handlers: serviceHandlers,
    latest: (name: string) =>
      name === 'customer-view' ? { phase: 'idle' } : name === 'sale-changed' ? null : undefined,
  };
  if (options.started !== false) gate.open(started);
  const wiring = registerIpc({
    ipcMain: {
      handle: (channel: string, handler: Handler) => void handlers.set(channel, handler),
    } as never,
    services: gate,
    isTrusted: (event) => (options.trusted ?? (() => true))(event.sender.id),
    logger: silentLogger,
  });
  const invoke = (channel: string, senderId: number, ...args: unknown[]) =>
    handlers.get(channel)!({ sender: { id: senderId } } as IpcMainInvokeEvent, ...args);
  return { handlers, wiring, invoke, calls, clock, start: () => gate.open(started) };
}

describe('registerIpc', () => {
  it('registers exactly one handler per contract call, plus the latest-value channel', () => {
    const { handlers } = setup();
    expect([...handlers.keys()].sort()).toEqual(
      [...callNames.map(callChannel), LATEST_CHANNEL].sort(),
    );
  });

  it('answers the cashier page and refuses the customer display, strangers and untrusted senders', async () => {
    const cashier = fakeContents(1);
    const display = fakeContents(2);
    const { wiring, invoke, calls } = setup({ trusted: (id) => id !== 3 });
    wiring.registerPage(cashier, 'cashier');
    wiring.registerPage(display, 'display');
    wiring.registerPage(fakeContents(3), 'cashier');

    expect(await invoke(callChannel('currentSale'), 1, {})).toEqual({
      ok: true,
      value: 'result of currentSale',
    });
    for (const sender of [2, 3, 99]) {
      expect(await invoke(callChannel('currentSale'), sender, {})).toMatchObject({
        ok: false,
        error: { kind: 'untrusted-sender' },
      });
    }
    expect(calls).toEqual(['currentSale']);
  });

  it('forgets a page when its webContents is destroyed', async () => {
    const cashier = fakeContents(1);
    const { wiring, invoke } = setup();
    wiring.registerPage(cashier, 'cashier');
    cashier.destroy();
    expect(await invoke(callChannel('currentSale'), 1, {})).toMatchObject({
      ok: false,
      error: { kind: 'untrusted-sender' },
    });
    wiring.emit('sale-changed', null);
    expect(cashier.sent).toEqual([]);
  });

  it('parses arguments before a handler runs', async () => {
    const { wiring, invoke, calls } = setup();
    wiring.registerPage(fakeContents(1), 'cashier');
    expect(await invoke(callChannel('listAssets'), 1, { chainId: 'DROP TABLE' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-argument' },
    });
    expect(calls).toEqual([]);
  });

  it('holds a call made while the services start and answers it once they are up', async () => {
    const { wiring, invoke, calls, clock, start } = setup({ started: false });
    wiring.registerPage(fakeContents(1), 'cashier');
    const call = invoke(callChannel('currentSale'), 1, {});
    const latest = invoke(LATEST_CHANNEL, 1, 'customer-view');
    clock.advance(1_000);
    await Promise.resolve();
    expect(calls).toEqual([]);
    start();
    expect(await call).toEqual({ ok: true, value: 'result of currentSale' });
    expect(await latest).toEqual({ has: true, value: { phase: 'idle' } });
  });

  it("answers 'starting' when the services are not up within the wait", async () => {
    const { wiring, invoke, clock, calls } = setup({ started: false });
    wiring.registerPage(fakeContents(1), 'cashier');
    const call = invoke(callChannel('currentSale'), 1, {});
    await Promise.resolve();
    clock.advance(START_WAIT_MS);
    expect(await call).toMatchObject({ ok: false, error: { kind: 'starting' } });
    expect(calls).toEqual([]);
  });

  it('sends each page only the events it may see', () => {
    const cashier = fakeContents(1);
    const display = fakeContents(2);
    const { wiring } = setup();
    wiring.registerPage(cashier, 'cashier');
    wiring.registerPage(display, 'display');
    wiring.emit('sale-changed', null);
    wiring.emit('customer-view', { phase: 'idle' } as never);
    expect(cashier.sent.map(([channel]) => channel)).toEqual([
      eventChannel('sale-changed'),
      eventChannel('customer-view'),
    ]);
    expect(display.sent.map(([channel]) => channel)).toEqual([eventChannel('customer-view')]);
  });

  it('gives the latest value only of events the asking page may see', async () => {
    const { wiring, invoke } = setup();
    wiring.registerPage(fakeContents(1), 'cashier');
    wiring.registerPage(fakeContents(2), 'display');
    expect(await invoke(LATEST_CHANNEL, 2, 'customer-view')).toEqual({
      has: true,
      value: { phase: 'idle' },
    });
    expect(await invoke(LATEST_CHANNEL, 2, 'sale-changed')).toEqual({ has: false });
    expect(await invoke(LATEST_CHANNEL, 1, 'sale-changed')).toEqual({ has: true, value: null });
    expect(await invoke(LATEST_CHANNEL, 1, { toString: () => 'sale-changed' })).toEqual({
      has: false,
    });
    expect(await invoke(LATEST_CHANNEL, 7, 'customer-view')).toEqual({ has: false });
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callNames, displayEventNames } from '../../../shared/ipc/contract';
import { callChannel, eventChannel, LATEST_CHANNEL } from '../../../shared/ipc/contract-kit';

const exposed = new Map<string, Record<string, unknown>>();
const invoke = vi.fn(async (channel: string, ..._args: unknown[]) =>
  channel === LATEST_CHANNEL ? { has: true, value: 'latest' } : 'answer',
);
const listeners = new Map<string, (event: unknown, payload: unknown) => void>();

vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (key: string, api: Record<string, unknown>) => exposed.set(key, api),
  },
  ipcRenderer: {
    invoke: (channel: string, ...args: unknown[]) => invoke(channel, ...args),
    on: (channel: string, listener: (event: unknown, payload: unknown) => void) =>
      listeners.set(channel, listener),
    removeListener: (channel: string) => listeners.delete(channel),
  },
}));

beforeEach(() => {
  exposed.clear();
  listeners.clear();
  invoke.mockClear();
  vi.resetModules();
});

describe('cashier preload', () => {
  it('exposes window.pos with the contract calls and named subscriptions only', async () => {
    await import('../../../electron/preload/cashier');
    const pos = exposed.get('pos')!;
    expect([...exposed.keys()]).toEqual(['pos']);
    expect(Object.keys(pos).sort()).toEqual([...callNames, 'on'].sort());
    expect(JSON.stringify(Object.keys(pos))).not.toMatch(/ipcRenderer|send|invoke/);
  });

  it('sends each call on its own channel', async () => {
    await import('../../../electron/preload/cashier');
    const pos = exposed.get('pos') as Record<string, (args?: unknown) => Promise<unknown>>;
    await pos.listAssets!({ chainId: '1' });
    await pos.currentSale!();
    expect(invoke.mock.calls).toEqual([
      [callChannel('listAssets'), { chainId: '1' }],
      [callChannel('currentSale'), {}],
    ]);
  });

  it('strips the Electron event object and starts from the latest value', async () => {
    await import('../../../electron/preload/cashier');
    const pos = exposed.get('pos') as {
      on(name: string, listener: (payload: unknown) => void): () => void;
    };
    const heard: unknown[] = [];
    const stop = pos.on('sale-changed', (payload) => heard.push(payload));
    await vi.waitFor(() => expect(heard).toEqual(['latest']));
    listeners.get(eventChannel('sale-changed'))!(
      { sender: 'secret internals' },
      { state: 'expired' },
    );
    expect(heard).toEqual(['latest', { state: 'expired' }]);
    stop();
    expect(listeners.has(eventChannel('sale-changed'))).toBe(false);
    expect(() => pos.on('not-an-event', () => undefined)).toThrow(/No such event/);
  });
});

describe('display preload', () => {
  it('exposes only subscriptions to what the customer sees', async () => {
    await import('../../../electron/preload/display');
    const display = exposed.get('display') as {
      on(name: string, listener: () => void): () => void;
    };
    expect([...exposed.keys()]).toEqual(['display']);
    expect(Object.keys(display)).toEqual(['on']);
    for (const name of displayEventNames)
      expect(() => display.on(name, () => undefined)).not.toThrow();
    for (const name of ['sale-changed', 'settings-changed', 'nfc-status', 'displays-changed']) {
      expect(() => display.on(name, () => undefined)).toThrow(/No such event/);
    }
    expect(invoke.mock.calls.every(([channel]) => channel === LATEST_CHANNEL)).toBe(true);
  });
});

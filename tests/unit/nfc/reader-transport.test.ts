import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { connectToParent } from '../../../electron/nfc/reader-transport';

describe('reader process transport', () => {
  it('uses Electron utilityProcess parentPort when present', () => {
    const port = Object.assign(new EventEmitter(), {
      posted: [] as unknown[],
      postMessage(message: unknown) {
        this.posted.push(message);
      },
    });
    const proc = Object.assign(new EventEmitter(), {
      parentPort: port,
    }) as unknown as NodeJS.Process;
    const link = connectToParent(proc);
    const received: unknown[] = [];
    link?.onMessage((message) => received.push(message));
    link?.onClose(() => undefined);
    port.emit('message', { data: { type: 'ping', id: 1 } });
    link?.send({ type: 'no-reader' });
    expect(received).toEqual([{ type: 'ping', id: 1 }]);
    expect(port.posted).toEqual([{ type: 'no-reader' }]);
    // parentPort has no 'close' event: nothing may wait for one.
    expect(port.eventNames()).toEqual(['message']);
  });

  it('uses the fork IPC channel otherwise, and stays quiet once disconnected', () => {
    const sent: unknown[] = [];
    const proc = Object.assign(new EventEmitter(), {
      connected: true,
      send: (message: unknown) => sent.push(message),
    }) as unknown as NodeJS.Process;
    const link = connectToParent(proc);
    const received: unknown[] = [];
    link?.onMessage((message) => received.push(message));
    (proc as unknown as EventEmitter).emit('message', { type: 'shutdown' });
    link?.send({ type: 'pcsc-missing' });
    (proc as unknown as { connected: boolean }).connected = false;
    link?.send({ type: 'no-reader' });
    expect(received).toEqual([{ type: 'shutdown' }]);
    expect(sent).toEqual([{ type: 'pcsc-missing' }]);
  });

  it('has no link when nobody started the process as a child', () => {
    expect(connectToParent(new EventEmitter() as unknown as NodeJS.Process)).toBeNull();
  });
});

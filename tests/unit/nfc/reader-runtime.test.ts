import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { ReaderToHost } from '../../../electron/nfc/reader-protocol';
import { ReaderRuntime } from '../../../electron/nfc/reader-runtime';
import { ManualClock } from '../../support/manual-clock';
import { WalletCardModel } from '../../support/virtual-wallet-card';

const TOKEN = '0f8fad5b-d9cb-469f-a165-70867728950e';

class FakeReader extends EventEmitter {
  autoProcessing = true;
  closed = false;
  card = new WalletCardModel({ kind: 'aid', token: TOKEN });
  constructor(readonly name: string) {
    super();
  }
  async transmit(data: Buffer): Promise<Buffer> {
    return Buffer.from(this.card.respond(data));
  }
  close() {
    this.closed = true;
  }
}

class FakeNfc extends EventEmitter {
  closed = false;
  close() {
    this.closed = true;
    // nfc-pcsc emits an error on close; it must have a listener.
    this.emit('error', new Error('SCardGetStatusChange error: Command cancelled.'));
  }
}

async function flush() {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

function setup() {
  const clock = new ManualClock();
  const sent: ReaderToHost[] = [];
  const nfcs: FakeNfc[] = [];
  let available = false;
  let stopped = false;
  let instance: string | null = 'pcscd-1';
  const runtime = new ReaderRuntime({
    send: (message) => sent.push(message),
    createNfc: () => {
      const nfc = new FakeNfc();
      nfcs.push(nfc);
      return nfc;
    },
    isPcscAvailable: async () => available,
    clock,
    elapsedMs: () => clock.now(),
    onStopped: () => (stopped = true),
    pollMs: 500,
    pcscInstance: () => instance,
    watchMs: 1000,
  });
  return {
    clock,
    sent,
    nfcs,
    runtime,
    types: () => sent.map((message) => message.type),
    setAvailable: (value: boolean) => (available = value),
    setInstance: (value: string | null) => (instance = value),
    isStopped: () => stopped,
  };
}

describe('ReaderRuntime', () => {
  it('waits for pcscd without constructing NFC, then starts it', async () => {
    const rig = setup();
    rig.runtime.start();
    await flush();
    expect(rig.types()).toEqual(['pcsc-missing']);
    expect(rig.nfcs).toHaveLength(0);
    rig.clock.advance(500);
    await flush();
    expect(rig.types()).toEqual(['pcsc-missing']);
    rig.setAvailable(true);
    rig.clock.advance(500);
    await flush();
    expect(rig.nfcs).toHaveLength(1);
    rig.clock.advance(500);
    expect(rig.types()).toEqual(['pcsc-missing', 'no-reader']);
  });

  it('reads one token per card event with autoProcessing off', async () => {
    const rig = setup();
    rig.setAvailable(true);
    rig.runtime.start();
    await flush();
    const reader = new FakeReader('R1');
    rig.nfcs[0]?.emit('reader', reader);
    expect(reader.autoProcessing).toBe(false);
    reader.emit('card', {});
    await flush();
    reader.emit('card.off', {});
    expect(rig.sent).toEqual([
      { type: 'reader-ready', reader: 'R1' },
      { type: 'card-present', reader: 'R1', tap: 1 },
      { type: 'reading', reader: 'R1', tap: 1 },
      { type: 'token-read', reader: 'R1', tap: 1, token: TOKEN, protocol: 'aid', exchangeMs: 0 },
      { type: 'card-removed', reader: 'R1', tap: 1 },
    ]);
  });

  it('after a PC/SC error closes readers and context, then builds a new NFC', async () => {
    const rig = setup();
    rig.setAvailable(true);
    rig.runtime.start();
    await flush();
    const reader = new FakeReader('R1');
    rig.nfcs[0]?.emit('reader', reader);
    rig.setAvailable(false);
    rig.nfcs[0]?.emit('error', new Error('SCardGetStatusChange error: RPC transport error.'));
    expect(reader.closed).toBe(true);
    expect(rig.nfcs[0]?.closed).toBe(true);
    rig.clock.advance(500);
    await flush();
    expect(rig.sent.at(-2)).toMatchObject({ type: 'error', fault: 'pcsc-failed' });
    expect(rig.types().at(-1)).toBe('pcsc-missing');
    rig.setAvailable(true);
    rig.clock.advance(500);
    await flush();
    expect(rig.nfcs).toHaveLength(2);
  });

  it.each([
    ['restarted', 'pcscd-2', 'The card reader service restarted.'],
    ['stopped', null, 'The card reader service stopped.'],
  ])('reconnects when pcscd %s without the addon noticing', async (_name, next, message) => {
    const rig = setup();
    rig.setAvailable(true);
    rig.runtime.start();
    await flush();
    const reader = new FakeReader('R1');
    rig.nfcs[0]?.emit('reader', reader);
    rig.clock.advance(1000);
    expect(rig.types().includes('error')).toBe(false);
    rig.setInstance(next);
    rig.clock.advance(1000);
    expect(rig.sent.at(-1)).toEqual({ type: 'error', fault: 'pcsc-failed', message });
    // Not closed: the stale context's threads may still wait in libpcsclite.
    expect(reader.closed).toBe(false);
    expect(rig.nfcs[0]?.closed).toBe(false);
    rig.setInstance('pcscd-2');
    rig.clock.advance(500);
    await flush();
    expect(rig.nfcs).toHaveLength(2);
  });

  it('answers pings and shuts down cleanly', async () => {
    const rig = setup();
    rig.setAvailable(true);
    rig.runtime.start();
    await flush();
    rig.runtime.handle({ type: 'ping', id: 7 });
    expect(rig.sent.at(-1)).toEqual({ type: 'pong', id: 7 });
    rig.runtime.handle({ type: 'shutdown' });
    // Exit without close(): nfc-pcsc's close can block after a card was connected.
    expect(rig.nfcs[0]?.closed).toBe(false);
    expect(rig.nfcs[0]?.listenerCount('reader')).toBe(0);
    expect(rig.isStopped()).toBe(true);
    expect(rig.clock.pendingTimers()).toBe(0);
  });

  it('refuses a malformed AID from configure and keeps the old one', async () => {
    const rig = setup();
    rig.runtime.handle({ type: 'configure', aid: 'zz' });
    expect(rig.sent.at(-1)).toMatchObject({ type: 'error' });
  });
});

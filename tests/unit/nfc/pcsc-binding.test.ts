/**
 * The PC/SC adapter over a stand-in `smartcard`: once a session is open, no synchronous PC/SC
 * call (listing readers, releasing a card) is made on the reader process's thread unless a
 * status query has just been answered on the addon's worker thread. A hung pcscd leaves such a
 * call waiting in a promise, where deadlines and the health check still run, instead of
 * freezing the process. The real addon's behaviour is in tests/nfc/.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

interface Pending {
  resolve: () => void;
  reject: (error: Error) => void;
}

const addon = vi.hoisted(() => {
  const state = {
    contexts: [] as FakeContext[],
    listings: 0,
    connects: [] as string[],
    releases: 0,
  };
  class FakeCard {
    transmit = async () => Buffer.from([0x90, 0x00]);
    disconnect = () => void state.releases++;
  }
  class FakeReader {
    constructor(readonly name: string) {}
    connect = async () => {
      state.connects.push(this.name);
      return new FakeCard();
    };
  }
  class FakeContext {
    /** Each status query, to answer (or leave hanging, as a stopped pcscd does). */
    readonly queries: Pending[] = [];
    closed = false;
    constructor() {
      state.contexts.push(this);
    }
    listReaders() {
      state.listings++;
      return [new FakeReader('R1'), new FakeReader('R2')];
    }
    waitForChange() {
      return new Promise<null>((resolve, reject) =>
        this.queries.push({ resolve: () => resolve(null), reject }),
      );
    }
    close() {
      this.closed = true;
    }
  }
  class FakeMonitor {
    start() {}
    stop() {}
  }
  return { state, FakeContext, FakeMonitor };
});

vi.mock('smartcard', () => ({
  Context: addon.FakeContext,
  ReaderMonitor: addon.FakeMonitor,
  SCARD_LEAVE_CARD: 0,
  SCARD_PROTOCOL_T0: 1,
  SCARD_PROTOCOL_T1: 2,
  SCARD_SHARE_SHARED: 2,
  SCARD_STATE_PRESENT: 0x20,
}));

const { openSmartcardPcsc } = await import('../../../electron/nfc/pcsc-binding');

async function flush() {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

function open() {
  const opened = openSmartcardPcsc(() => undefined);
  if (!opened.ok) throw new Error(opened.message);
  const [cardContext, statusContext = cardContext] = addon.state.contexts;
  if (!cardContext || !statusContext) throw new Error('no context opened');
  return { session: opened.session, cardContext, statusContext };
}

describe('the PC/SC adapter never blocks the thread on a service that may hang', () => {
  beforeEach(() => {
    addon.state.contexts.length = 0;
    addon.state.listings = 0;
    addon.state.connects.length = 0;
    addon.state.releases = 0;
  });

  it('lists readers only right after PC/SC answered a status query, and once per session', async () => {
    const { session, statusContext } = open();
    const connecting = session.connect('R1');
    await flush();
    // pcscd hangs: the status query waits, and so does the connect; nothing was listed.
    expect(addon.state.listings).toBe(0);
    expect(statusContext.queries).toHaveLength(1);
    statusContext.queries[0]?.resolve();
    await connecting;
    expect(addon.state.listings).toBe(1);
    expect(addon.state.connects).toEqual(['R1']);
    // Both readers are known now: the next connects ask PC/SC nothing synchronous.
    await session.connect('R2');
    await session.connect('R1');
    expect(addon.state.listings).toBe(1);
    expect(statusContext.queries).toHaveLength(1);
    expect(addon.state.connects).toEqual(['R1', 'R2', 'R1']);
  });

  it('releases a card only right after PC/SC answered a status query, or failed', async () => {
    const { session, statusContext } = open();
    const connecting = session.connect('R1');
    statusContext.queries[0]?.resolve();
    const card = await connecting;
    card.disconnect();
    await flush();
    expect(addon.state.releases).toBe(0);
    expect(statusContext.queries).toHaveLength(2);
    statusContext.queries[1]?.resolve();
    await flush();
    expect(addon.state.releases).toBe(1);
    // A service that is gone answers with an error at once: releasing then fails at once too.
    const again = await session.connect('R1');
    again.disconnect();
    statusContext.queries[2]?.reject(new Error('PC/SC service not running'));
    await flush();
    expect(addon.state.releases).toBe(2);
  });

  it('asks its status queries on a context of its own, not the one a slow card holds', async () => {
    const { session, cardContext, statusContext } = open();
    expect(statusContext).not.toBe(cardContext);
    const probe = session.probe();
    expect(statusContext.queries).toHaveLength(1);
    expect(cardContext.queries).toHaveLength(0);
    statusContext.queries[0]?.resolve();
    await expect(probe).resolves.toBeUndefined();
    session.close();
    expect(cardContext.closed).toBe(true);
    expect(statusContext.closed).toBe(true);
  });
});

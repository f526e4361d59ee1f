import { describe, expect, it } from 'vitest';
import type {
  CardLink,
  OpenPcscResult,
  PcscEvent,
  PcscSession,
} from '../../../electron/nfc/pcsc-binding';
import type { ReaderToHost } from '../../../electron/nfc/reader-protocol';
import { ReaderRuntime } from '../../../electron/nfc/reader-runtime';
import { ManualClock } from '../../support/manual-clock';
import { WalletCardModel } from '../../support/virtual-wallet-card';

const TOKEN = '0f8fad5b-d9cb-469f-a165-70867728950e';

/** One opened PC/SC session: the test plays the monitor by calling `emit`. */
class FakeSession implements PcscSession {
  closed = false;
  card = new WalletCardModel({ kind: 'aid', token: TOKEN });
  connects: string[] = [];
  disconnects = 0;
  connectError: Error | null = null;
  /** Each status query, to answer (or leave hanging) as the test likes. */
  probes: { resolve: () => void; reject: (error: Error) => void }[] = [];
  /** Every APDU waits for the test when set: a phone that answers slowly. */
  slowCard = false;
  waitingApdus: (() => void)[] = [];
  constructor(readonly emit: (event: PcscEvent) => void) {}
  probe(): Promise<void> {
    return new Promise((resolve, reject) => this.probes.push({ resolve, reject }));
  }
  async connect(reader: string): Promise<CardLink> {
    this.connects.push(reader);
    if (this.connectError) throw this.connectError;
    return {
      transmit: async (apdu) => {
        if (this.slowCard) await new Promise<void>((resolve) => this.waitingApdus.push(resolve));
        return Uint8Array.from(this.card.respond(apdu));
      },
      disconnect: () => void this.disconnects++,
    };
  }
  close() {
    this.closed = true;
  }
}

async function flush() {
  for (let i = 0; i < 30; i++) await Promise.resolve();
}

type Service = 'up' | 'missing' | 'broken';

function setup() {
  const clock = new ManualClock();
  const sent: ReaderToHost[] = [];
  const sessions: FakeSession[] = [];
  let service: Service = 'missing';
  let stopped = false;
  const runtime = new ReaderRuntime({
    send: (message) => sent.push(message),
    openPcsc: (onEvent): OpenPcscResult => {
      if (service === 'missing')
        return { ok: false, serviceMissing: true, message: 'PC/SC service not running' };
      if (service === 'broken')
        return { ok: false, serviceMissing: false, message: 'Internal error' };
      const session = new FakeSession(onEvent);
      sessions.push(session);
      return { ok: true, session };
    },
    clock,
    elapsedMs: () => clock.now(),
    onStopped: () => (stopped = true),
    pollMs: 500,
    health: { intervalMs: 1000, deadlineMs: 2000 },
  });
  return {
    clock,
    sent,
    sessions,
    runtime,
    types: () => sent.map((message) => message.type),
    setService: (value: Service) => (service = value),
    isStopped: () => stopped,
  };
}

describe('ReaderRuntime', () => {
  it('reports a missing service once, tries again every pollMs, then opens a session', async () => {
    const rig = setup();
    rig.runtime.start();
    expect(rig.types()).toEqual(['pcsc-missing']);
    expect(rig.sessions).toHaveLength(0);
    rig.clock.advance(500);
    expect(rig.types()).toEqual(['pcsc-missing']);
    rig.setService('up');
    rig.clock.advance(500);
    expect(rig.sessions).toHaveLength(1);
    rig.clock.advance(500);
    expect(rig.types()).toEqual(['pcsc-missing', 'no-reader']);
  });

  it('reports a service that fails to open for another reason as a PC/SC failure', () => {
    const rig = setup();
    rig.setService('broken');
    rig.runtime.start();
    expect(rig.sent).toEqual([
      {
        type: 'error',
        fault: 'pcsc-failed',
        message: 'The card reader service could not be opened: Internal error',
      },
    ]);
    rig.setService('up');
    rig.clock.advance(500);
    expect(rig.sessions).toHaveLength(1);
  });

  it('reads one token per card presence and releases the card', async () => {
    const rig = setup();
    rig.setService('up');
    rig.runtime.start();
    const session = rig.sessions[0] as FakeSession;
    session.emit({ type: 'reader-attached', reader: 'R1', cardPresent: false });
    session.emit({ type: 'card-inserted', reader: 'R1' });
    await flush();
    session.emit({ type: 'card-removed', reader: 'R1' });
    expect(rig.sent).toEqual([
      { type: 'reader-ready', reader: 'R1' },
      { type: 'card-present', reader: 'R1', tap: 1 },
      { type: 'reading', reader: 'R1', tap: 1 },
      { type: 'token-read', reader: 'R1', tap: 1, token: TOKEN, protocol: 'aid', exchangeMs: 0 },
      { type: 'card-removed', reader: 'R1', tap: 1 },
    ]);
    expect(session.connects).toEqual(['R1']);
    expect(session.disconnects).toBe(1);
  });

  it('never reads a card that was already on the reader when the session saw the reader: it is no tap', async () => {
    const rig = setup();
    rig.setService('up');
    rig.runtime.start();
    const session = rig.sessions[0] as FakeSession;
    session.emit({ type: 'reader-attached', reader: 'R1', cardPresent: true });
    await flush();
    expect(rig.sent).toEqual([
      { type: 'reader-ready', reader: 'R1' },
      { type: 'card-present', reader: 'R1', tap: 1, alreadyThere: true },
    ]);
    expect(session.connects).toEqual([]);
    // Its removal is reported as any card's; laid down again, it is a tap and is read.
    session.emit({ type: 'card-removed', reader: 'R1' });
    session.emit({ type: 'card-inserted', reader: 'R1' });
    await flush();
    expect(rig.sent.slice(2).map((message) => message.type)).toEqual([
      'card-removed',
      'card-present',
      'reading',
      'token-read',
    ]);
    expect(rig.sent[2]).toEqual({ type: 'card-removed', reader: 'R1', tap: 1 });
    expect(rig.sent[3]).toEqual({ type: 'card-present', reader: 'R1', tap: 2 });
  });

  it('reports the result before it releases the card: a release that hangs holds up nothing', async () => {
    const rig = setup();
    rig.setService('up');
    rig.runtime.start();
    const session = rig.sessions[0] as FakeSession;
    const sentAtRelease: string[] = [];
    const connect = session.connect.bind(session);
    session.connect = async (reader) => {
      const card = await connect(reader);
      return { ...card, disconnect: () => void sentAtRelease.push(...rig.types()) };
    };
    session.emit({ type: 'reader-attached', reader: 'R1', cardPresent: false });
    session.emit({ type: 'card-inserted', reader: 'R1' });
    await flush();
    expect(sentAtRelease.at(-1)).toBe('token-read');
  });

  it('reports a card that cannot be connected as moved away, for that tap, once PC/SC answered', async () => {
    const rig = setup();
    rig.setService('up');
    rig.runtime.start();
    const session = rig.sessions[0] as FakeSession;
    session.connectError = new Error('Card was removed');
    session.emit({ type: 'reader-attached', reader: 'R1', cardPresent: false });
    session.emit({ type: 'card-inserted', reader: 'R1' });
    await flush();
    // Before blaming the phone, PC/SC is asked whether it is still there.
    expect(rig.types().at(-1)).toBe('reading');
    expect(session.probes).toHaveLength(1);
    session.probes[0]?.resolve();
    await flush();
    expect(rig.sent.at(-1)).toMatchObject({
      type: 'error',
      fault: 'transmit-failed',
      reader: 'R1',
      tap: 1,
      message: expect.stringMatching(/moved away.*connect: Card was removed/),
    });
  });

  it('after a PC/SC error closes the session, ignores its late events, and opens a new one', async () => {
    const rig = setup();
    rig.setService('up');
    rig.runtime.start();
    const first = rig.sessions[0] as FakeSession;
    first.emit({ type: 'reader-attached', reader: 'R1', cardPresent: false });
    rig.setService('missing');
    first.emit({ type: 'error', message: 'Communication error' });
    expect(first.closed).toBe(true);
    expect(rig.sent.at(-1)).toEqual({
      type: 'error',
      fault: 'pcsc-failed',
      message: 'The card reader service stopped (Communication error).',
    });
    // Queued by the monitor thread before close: must not reach the host.
    first.emit({ type: 'card-inserted', reader: 'R1' });
    await flush();
    expect(rig.types().includes('card-present')).toBe(false);
    rig.clock.advance(500);
    expect(rig.types().at(-1)).toBe('pcsc-missing');
    rig.setService('up');
    rig.clock.advance(500);
    expect(rig.sessions).toHaveLength(2);
    rig.sessions[1]?.emit({ type: 'reader-attached', reader: 'R1', cardPresent: false });
    expect(rig.sent.at(-1)).toEqual({ type: 'reader-ready', reader: 'R1' });
  });

  it('reports a reader that goes away, and no reader once the last one has', () => {
    const rig = setup();
    rig.setService('up');
    rig.runtime.start();
    const session = rig.sessions[0] as FakeSession;
    session.emit({ type: 'reader-attached', reader: 'R1', cardPresent: false });
    session.emit({ type: 'reader-detached', reader: 'R1' });
    session.emit({ type: 'reader-detached', reader: 'never-seen' });
    expect(rig.types()).toEqual(['reader-ready', 'reader-gone', 'no-reader']);
  });

  it('answers pings and shuts down: session closed, no timer left', () => {
    const rig = setup();
    rig.setService('up');
    rig.runtime.start();
    rig.runtime.handle({ type: 'ping', id: 7 });
    expect(rig.sent.at(-1)).toEqual({ type: 'pong', id: 7 });
    rig.runtime.handle({ type: 'shutdown' });
    expect(rig.sessions[0]?.closed).toBe(true);
    expect(rig.isStopped()).toBe(true);
    expect(rig.clock.pendingTimers()).toBe(0);
  });

  it('refuses a malformed AID from configure and keeps the old one', async () => {
    const rig = setup();
    rig.runtime.handle({ type: 'configure', aid: 'zz' });
    expect(rig.sent.at(-1)).toMatchObject({ type: 'error' });
    rig.setService('up');
    rig.runtime.start();
    rig.sessions[0]?.emit({ type: 'reader-attached', reader: 'R1', cardPresent: false });
    rig.sessions[0]?.emit({ type: 'card-inserted', reader: 'R1' });
    await flush();
    expect(rig.sent.at(-1)).toMatchObject({ type: 'token-read', token: TOKEN });
  });

  it('asks PC/SC every interval while idle, and reports a query left unanswered past its deadline', async () => {
    const rig = setup();
    rig.setService('up');
    rig.runtime.start();
    const session = rig.sessions[0] as FakeSession;
    session.emit({ type: 'reader-attached', reader: 'R1', cardPresent: false });
    rig.clock.advance(999);
    expect(session.probes).toHaveLength(0);
    rig.clock.advance(1);
    expect(session.probes).toHaveLength(1);
    session.probes[0]?.resolve();
    await flush();
    rig.clock.advance(1000);
    expect(session.probes).toHaveLength(2);
    // pcscd stopped (SIGSTOP): the query waits, no error, no monitor event.
    rig.clock.advance(1999);
    expect(rig.types()).not.toContain('pcsc-not-answering');
    rig.clock.advance(1);
    await flush();
    expect(rig.sent.at(-1)).toEqual({ type: 'pcsc-not-answering', waitedMs: 2000 });
    // Nothing more is asked of the hung service, and the session is left to the host to end
    // (closing it would block this thread on the service too).
    rig.clock.advance(10_000);
    expect(session.probes).toHaveLength(2);
    expect(session.closed).toBe(false);
    expect(rig.types().filter((type) => type === 'pcsc-not-answering')).toHaveLength(1);
  });

  it('treats a query PC/SC answers with an error as the service lost, and opens a new session', async () => {
    const rig = setup();
    rig.setService('up');
    rig.runtime.start();
    const first = rig.sessions[0] as FakeSession;
    rig.clock.advance(1000);
    first.probes[0]?.reject(new Error('PC/SC service not running'));
    await flush();
    expect(first.closed).toBe(true);
    expect(rig.sent.at(-1)).toEqual({
      type: 'error',
      fault: 'pcsc-failed',
      message: 'The card reader service stopped (PC/SC service not running).',
    });
    rig.clock.advance(500);
    expect(rig.sessions).toHaveLength(2);
    // The old session's late answer changes nothing.
    first.probes[0]?.resolve();
    rig.clock.advance(3000);
    expect(rig.types().filter((type) => type === 'pcsc-not-answering')).toHaveLength(0);
  });

  it('asks nothing of PC/SC while a card is read: the read has deadlines of its own', async () => {
    const rig = setup();
    rig.setService('up');
    rig.runtime.handle({ type: 'configure', aid: 'F0504F533235', readDeadlineMs: 60_000 });
    rig.runtime.start();
    const session = rig.sessions[0] as FakeSession;
    session.slowCard = true;
    session.emit({ type: 'reader-attached', reader: 'R1', cardPresent: false });
    session.emit({ type: 'card-inserted', reader: 'R1' });
    await flush();
    rig.clock.advance(1000);
    expect(session.probes).toHaveLength(0);
    session.waitingApdus.shift()?.();
    await flush();
    expect(rig.types().at(-1)).toBe('token-read');
    rig.clock.advance(1000);
    expect(session.probes).toHaveLength(1);
  });

  it('ends a read at the deadline the host configured, counted from the card arrival', async () => {
    const rig = setup();
    rig.setService('up');
    rig.runtime.handle({ type: 'configure', aid: 'F0504F533235', readDeadlineMs: 700 });
    rig.runtime.start();
    const session = rig.sessions[0] as FakeSession;
    session.card = new WalletCardModel({ kind: 'ndef', record: 'text', token: TOKEN });
    session.slowCard = true;
    session.emit({ type: 'reader-attached', reader: 'R1', cardPresent: false });
    session.emit({ type: 'card-inserted', reader: 'R1' });
    // Every APDU takes 300 ms: each well inside its own 1500 ms, the read not inside 700.
    for (let answered = 0; answered < 3; answered++) {
      await flush();
      rig.clock.advance(300);
      session.waitingApdus.shift()?.();
    }
    await flush();
    rig.clock.advance(100);
    await flush();
    session.probes[0]?.resolve();
    await flush();
    expect(rig.sent.at(-1)).toMatchObject({
      type: 'error',
      fault: 'too-slow',
      reader: 'R1',
      tap: 1,
      message: expect.stringMatching(/took too long.*700 ms/),
    });
    expect(rig.types()).not.toContain('token-read');
  });

  /** A card whose first APDU is never answered: the read fails by its APDU deadline. */
  const stalledRead = async () => {
    const rig = setup();
    rig.setService('up');
    rig.runtime.start();
    const session = rig.sessions[0] as FakeSession;
    session.slowCard = true;
    session.emit({ type: 'reader-attached', reader: 'R1', cardPresent: false });
    session.emit({ type: 'card-inserted', reader: 'R1' });
    await flush();
    rig.clock.advance(1500);
    await flush();
    expect(rig.types().at(-1)).toBe('reading');
    expect(session.probes).toHaveLength(1);
    return { rig, session };
  };

  it('blames the phone for an unanswered command only once PC/SC has answered', async () => {
    const { rig, session } = await stalledRead();
    session.probes[0]?.resolve();
    await flush();
    expect(rig.types().slice(-2)).toEqual(['reading', 'error']);
    expect(rig.sent.at(-1)).toMatchObject({ fault: 'timeout', tap: 1 });
  });

  it('reports PC/SC not answering before the failed read it caused, and asks it nothing more', async () => {
    const { rig, session } = await stalledRead();
    // pcscd stopped mid-read: the APDU and the status query both wait.
    rig.clock.advance(1999);
    await flush();
    expect(rig.types().at(-1)).toBe('reading');
    rig.clock.advance(1);
    await flush();
    expect(rig.sent.slice(-2)).toEqual([
      { type: 'pcsc-not-answering', waitedMs: 2000 },
      expect.objectContaining({ type: 'error', fault: 'timeout', reader: 'R1', tap: 1 }),
    ]);
    rig.clock.advance(10_000);
    await flush();
    expect(session.probes).toHaveLength(1);
    expect(rig.types().filter((type) => type === 'pcsc-not-answering')).toHaveLength(1);
    expect(session.closed).toBe(false);
  });

  it('reports PC/SC lost before the failed read it caused, and opens a new session', async () => {
    const { rig, session } = await stalledRead();
    session.probes[0]?.reject(new Error('PC/SC service not running'));
    await flush();
    expect(rig.sent.slice(-2)).toEqual([
      expect.objectContaining({ type: 'error', fault: 'pcsc-failed' }),
      expect.objectContaining({ type: 'error', fault: 'timeout', reader: 'R1', tap: 1 }),
    ]);
    expect(session.closed).toBe(true);
    rig.clock.advance(500);
    expect(rig.sessions).toHaveLength(2);
  });

  it('asks PC/SC nothing after a read that failed for what the phone sent', async () => {
    const rig = setup();
    rig.setService('up');
    rig.runtime.start();
    const session = rig.sessions[0] as FakeSession;
    session.card = new WalletCardModel({ kind: 'none' });
    session.emit({ type: 'reader-attached', reader: 'R1', cardPresent: false });
    session.emit({ type: 'card-inserted', reader: 'R1' });
    await flush();
    expect(rig.sent.at(-1)).toMatchObject({ type: 'error', fault: 'not-a-wallet' });
    expect(session.probes).toHaveLength(0);
  });
});

import { describe, expect, it } from 'vitest';
import type { HostToReader } from '../../../electron/nfc/reader-protocol';
import type { ReaderChannel } from '../../../electron/nfc-host/reader-channel';
import {
  ReaderSupervisor,
  type ReaderSupervisorOptions,
} from '../../../electron/nfc-host/reader-supervisor';
import type { NfcStatus } from '../../../electron/nfc-host/nfc-status';
import { ManualClock } from '../../support/manual-clock';

class FakeChannel implements ReaderChannel {
  readonly sent: HostToReader[] = [];
  killed = false;
  private messageListener: (message: unknown) => void = () => undefined;
  private exitListeners: ((code: number | null) => void)[] = [];
  send(message: HostToReader) {
    this.sent.push(message);
  }
  onMessage(listener: (message: unknown) => void) {
    this.messageListener = listener;
  }
  onExit(listener: (code: number | null) => void) {
    this.exitListeners.push(listener);
  }
  kill() {
    this.killed = true;
    this.exit(null);
  }
  emit(message: unknown) {
    this.messageListener(message);
  }
  exit(code: number | null) {
    for (const listener of this.exitListeners.splice(0)) listener(code);
  }
}

function setup(options: Partial<ReaderSupervisorOptions> = {}) {
  const clock = new ManualClock();
  const channels: FakeChannel[] = [];
  const supervisor = new ReaderSupervisor({
    clock,
    spawn: () => {
      const channel = new FakeChannel();
      channels.push(channel);
      return channel;
    },
    watchdog: false,
    ...options,
  });
  const statuses: NfcStatus[] = [];
  supervisor.onStatus((status) => statuses.push(status));
  supervisor.start();
  return {
    clock,
    channels,
    supervisor,
    statuses,
    last: () => channels[channels.length - 1] as FakeChannel,
  };
}

describe('ReaderSupervisor', () => {
  it('configures the process first with the AID, the APDU timeout and the read deadline', () => {
    const { last } = setup({ aid: 'A000000001', apduTimeoutMs: 800, readDeadlineMs: 2500 });
    expect(last().sent[0]).toEqual({
      type: 'configure',
      aid: 'A000000001',
      apduTimeoutMs: 800,
      readDeadlineMs: 2500,
    });
  });

  it('passes a settings change to the running process and to every later one', () => {
    const { clock, last, supervisor } = setup();
    expect(last().sent[0]).toMatchObject({ aid: 'F0504F533235', readDeadlineMs: 2000 });
    supervisor.configure({ readDeadlineMs: 900 });
    const changed = {
      type: 'configure',
      aid: 'F0504F533235',
      apduTimeoutMs: 1500,
      readDeadlineMs: 900,
    };
    expect(last().sent.at(-1)).toEqual(changed);
    last().exit(1);
    clock.advance(500);
    expect(last().sent[0]).toEqual(changed);
  });

  it('turns reader messages into a status', () => {
    const { last, supervisor } = setup();
    expect(supervisor.status().state).toBe('starting');
    last().emit({ type: 'pcsc-missing' });
    expect(supervisor.status().state).toBe('pcsc-missing');
    last().emit({ type: 'reader-ready', reader: 'R1' });
    expect(supervisor.status()).toMatchObject({ state: 'ready', readers: ['R1'], card: 'none' });
    last().emit({ type: 'card-present', reader: 'R1', tap: 1 });
    last().emit({ type: 'reading', reader: 'R1', tap: 1 });
    expect(supervisor.status().card).toBe('reading');
    last().emit({
      type: 'error',
      message: 'The phone did not answer in time.',
      reader: 'R1',
      tap: 1,
      fault: 'timeout',
    });
    expect(supervisor.status()).toMatchObject({
      card: 'present',
      lastError: 'The phone did not answer in time.',
    });
    last().emit({ type: 'card-removed', reader: 'R1', tap: 1 });
    expect(supervisor.status().card).toBe('none');
    last().emit({ type: 'reader-gone', reader: 'R1' });
    last().emit({ type: 'no-reader' });
    expect(supervisor.status()).toMatchObject({ state: 'no-reader', readers: [] });
  });

  it('forgets readers and cards when PC/SC fails, until the process reconnects', () => {
    const { last, supervisor } = setup();
    last().emit({ type: 'reader-ready', reader: 'R1' });
    last().emit({ type: 'card-present', reader: 'R1', tap: 1 });
    last().emit({
      type: 'error',
      fault: 'pcsc-failed',
      message: 'The card reader service stopped.',
    });
    expect(supervisor.status()).toMatchObject({
      state: 'starting',
      readers: [],
      card: 'none',
      lastError: 'The card reader service stopped.',
    });
    last().emit({ type: 'reader-ready', reader: 'R1' });
    expect(supervisor.status()).toMatchObject({ state: 'ready', readers: ['R1'], lastError: null });
  });

  it('ignores messages that do not match the protocol, and passes on the ones that do', () => {
    const { last, supervisor } = setup();
    const events: unknown[] = [];
    supervisor.onEvent((event) => events.push(event));
    const tokenRead = {
      type: 'token-read',
      reader: 'R1',
      tap: 1,
      token: '0f8fad5b-d9cb-469f-a165-70867728950e',
      protocol: 'aid',
      exchangeMs: 1,
    };
    last().emit({ ...tokenRead, token: 'NOT-A-UUID' });
    last().emit({ type: 'reader-ready' });
    last().emit('hello');
    expect(events).toEqual([]);
    expect(supervisor.status()).toMatchObject({ state: 'starting', readers: [] });
    // Positive control: the same message with a valid token does come through, so the
    // silence above is the schema refusing, not a supervisor that passes nothing on.
    last().emit(tokenRead);
    last().emit({ type: 'reader-ready', reader: 'R1' });
    expect(events).toEqual([
      { ...tokenRead, generation: 1 },
      { type: 'reader-ready', reader: 'R1', generation: 1 },
    ]);
    expect(supervisor.status()).toMatchObject({ state: 'ready', readers: ['R1'] });
  });

  it('stamps events with the process generation, and ends each generation with its exit', () => {
    const { last, supervisor, clock } = setup();
    const events: string[] = [];
    supervisor.onEvent((event) => events.push(`${event.generation} ${event.type}`));
    last().emit({ type: 'no-reader' });
    last().exit(1);
    clock.advance(500);
    last().emit({ type: 'no-reader' });
    expect(events).toEqual(['1 no-reader', '1 process-ended', '2 no-reader']);
  });

  it('says whether a process ended because PC/SC hung under it: its report, or its stuck thread', () => {
    const { last, supervisor, clock } = setup({ watchdog: { intervalMs: 1000, timeoutMs: 3000 } });
    const ended: unknown[] = [];
    supervisor.onEvent((event) => {
      if (event.type === 'process-ended') ended.push(event);
    });
    // A crash: not PC/SC's doing.
    last().exit(1);
    clock.advance(500);
    // Its own report.
    last().emit({ type: 'pcsc-not-answering', waitedMs: 2000 });
    clock.advance(1000);
    // A thread stuck in a PC/SC call: no pong, the watchdog ends it.
    clock.advance(5000);
    expect(ended).toEqual([
      { type: 'process-ended', generation: 1, pcscHung: false },
      { type: 'process-ended', generation: 2, pcscHung: true },
      { type: 'process-ended', generation: 3, pcscHung: true },
    ]);
    expect(supervisor.status().state).toBe('pcsc-not-answering');
  });

  it('restarts a dead process with doubling backoff, reset after a healthy run', () => {
    const { clock, channels, last, supervisor } = setup({
      restartDelayMs: 500,
      healthyAfterMs: 10_000,
    });
    last().exit(1);
    expect(supervisor.status()).toMatchObject({ state: 'restarting', restarts: 1 });
    clock.advance(499);
    expect(channels).toHaveLength(1);
    clock.advance(1);
    expect(channels).toHaveLength(2);
    last().exit(1);
    clock.advance(999);
    expect(channels).toHaveLength(2);
    clock.advance(1);
    expect(channels).toHaveLength(3);
    clock.advance(10_000);
    last().exit(1);
    clock.advance(500);
    expect(channels).toHaveLength(4);
  });

  it('kills and restarts a process whose thread stopped answering pings, as PC/SC not answering', () => {
    const { clock, channels, last, supervisor, statuses } = setup({
      watchdog: { intervalMs: 1000, timeoutMs: 3000 },
    });
    // A process that answers every ping lives on, well past the timeout...
    for (let second = 0; second < 10; second++) {
      clock.advance(1000);
      const ping = last().sent.at(-1);
      expect(ping?.type).toBe('ping');
      if (ping?.type === 'ping') last().emit({ type: 'pong', id: ping.id });
    }
    expect(last().killed).toBe(false);
    // ...and one that stops answering is killed once its last ping is 3 s old.
    clock.advance(3000);
    expect(last().killed).toBe(false);
    clock.advance(1000);
    expect(channels[0]?.killed).toBe(true);
    // A thread stuck is stuck in a PC/SC call, on a hung service: said so, not "restarting".
    expect(supervisor.status()).toMatchObject({ state: 'pcsc-not-answering', restarts: 1 });
    expect(statuses.map((status) => status.state)).not.toContain('restarting');
    clock.advance(500);
    expect(channels).toHaveLength(2);
  });

  it('stops cleanly: shutdown, wait for exit, no restart', async () => {
    const { clock, channels, last, supervisor } = setup();
    const stopped = supervisor.stop();
    expect(last().sent.at(-1)).toEqual({ type: 'shutdown' });
    last().exit(0);
    expect(await stopped).toBe('exited');
    clock.advance(60_000);
    expect(channels).toHaveLength(1);
    expect(supervisor.status().state).toBe('stopped');
  });

  it('kills a process that does not stop in time', async () => {
    const { clock, last, supervisor } = setup({ stopTimeoutMs: 2000 });
    const stopped = supervisor.stop();
    clock.advance(2000);
    expect(await stopped).toBe('killed');
    expect(last().killed).toBe(true);
  });

  it('ends a process whose PC/SC stopped answering, says so in its own state, and restarts with backoff', () => {
    const { clock, channels, last, supervisor, statuses } = setup({
      restartDelayMs: 500,
      healthyAfterMs: 10_000,
    });
    last().emit({ type: 'reader-ready', reader: 'R1' });
    last().emit({ type: 'card-present', reader: 'R1', tap: 1 });
    last().emit({ type: 'pcsc-not-answering', waitedMs: 2000 });
    expect(channels[0]?.killed).toBe(true);
    expect(supervisor.status()).toMatchObject({
      state: 'pcsc-not-answering',
      readers: [],
      card: 'none',
      restarts: 1,
    });
    // Its exit is no news of its own: "restarting" never replaces "not answering".
    expect(statuses.map((status) => status.state)).not.toContain('restarting');
    clock.advance(500);
    expect(channels).toHaveLength(2);
    // The next process waits on the hung service too; the watchdog (or its own report) ends it.
    last().exit(null);
    expect(supervisor.status()).toMatchObject({ state: 'pcsc-not-answering', restarts: 2 });
    clock.advance(999);
    expect(channels).toHaveLength(2);
    clock.advance(1);
    expect(channels).toHaveLength(3);
    // PC/SC answers again: the new process's report ends it.
    last().emit({ type: 'reader-ready', reader: 'R1' });
    expect(supervisor.status()).toMatchObject({ state: 'ready', readers: ['R1'] });
    expect(last().killed).toBe(false);
  });

  it('a process dying for another reason is "restarting" again once PC/SC answered', () => {
    const { clock, last, supervisor } = setup();
    last().emit({ type: 'pcsc-not-answering', waitedMs: 2000 });
    clock.advance(500);
    last().emit({ type: 'no-reader' });
    last().exit(1);
    expect(supervisor.status().state).toBe('restarting');
  });

  it('never lets a failed read replace the news of a reader or service gone under it', () => {
    const { last, supervisor } = setup();
    const readFailed = {
      type: 'error',
      message: 'The phone was moved away before the reading finished.',
      reader: 'R1',
      tap: 1,
      fault: 'transmit-failed',
    };
    last().emit({ type: 'reader-ready', reader: 'R1' });
    last().emit({ type: 'card-present', reader: 'R1', tap: 1 });
    // Unplugged mid-read: the monitor tells first, the read's failure follows.
    last().emit({ type: 'reader-gone', reader: 'R1' });
    last().emit({ type: 'no-reader' });
    last().emit(readFailed);
    expect(supervisor.status()).toMatchObject({ state: 'no-reader', lastError: null });
    // Another reader still there: the read of the one unplugged is not its news either.
    last().emit({ type: 'reader-ready', reader: 'R2' });
    last().emit(readFailed);
    expect(supervisor.status()).toMatchObject({ state: 'ready', lastError: null });
    // PC/SC failed mid-read: its words stay.
    last().emit({ type: 'reader-ready', reader: 'R1' });
    last().emit({
      type: 'error',
      fault: 'pcsc-failed',
      message: 'The card reader service stopped.',
    });
    last().emit(readFailed);
    expect(supervisor.status().lastError).toBe('The card reader service stopped.');
    // PC/SC hangs: "not answering" is the news, not the phone.
    last().emit({ type: 'reader-ready', reader: 'R1' });
    last().emit({ type: 'pcsc-not-answering', waitedMs: 2000 });
    last().emit(readFailed);
    expect(supervisor.status()).toMatchObject({ state: 'pcsc-not-answering', lastError: null });
  });

  it("clears an old read's error once the reader is gone, so the advice to plug it in shows", () => {
    const { last, supervisor } = setup();
    last().emit({ type: 'reader-ready', reader: 'R1' });
    last().emit({
      type: 'error',
      message: 'The phone did not answer in time.',
      reader: 'R1',
      tap: 1,
      fault: 'timeout',
    });
    expect(supervisor.status().lastError).toBe('The phone did not answer in time.');
    last().emit({ type: 'reader-gone', reader: 'R1' });
    last().emit({ type: 'no-reader' });
    expect(supervisor.status()).toMatchObject({ state: 'no-reader', lastError: null });
  });
});

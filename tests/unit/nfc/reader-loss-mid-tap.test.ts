/**
 * The reader unplugged, or its PC/SC service lost, in the middle of a read: the reader
 * process (over a stand-in PC/SC session), the host's status and the payment bridge together.
 * The tap is answered as the reader's trouble, never "the phone was moved away", and the
 * status keeps its own advice ("plug in the reader", "the service stopped") instead of the
 * read's. vpcd's readers cannot be unplugged, so this runs without pcscd (the service lost
 * for real is tests/nfc/pcscd-lost-mid-tap.test.ts). From the hostile tester's unplug probe.
 */
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../electron/logging/logger';
import type {
  CardLink,
  OpenPcscResult,
  PcscEvent,
  PcscSession,
} from '../../../electron/nfc/pcsc-binding';
import type { ReaderToHost } from '../../../electron/nfc/reader-protocol';
import { ReaderRuntime } from '../../../electron/nfc/reader-runtime';
import {
  connectNfcPaymentBridge,
  type TapOutcome,
} from '../../../electron/nfc-host/nfc-payment-bridge';
import { ReaderStatusTracker } from '../../../electron/nfc-host/reader-status-tracker';
import type { ReaderEvent } from '../../../electron/nfc-host/reader-supervisor';
import { ManualClock } from '../../support/manual-clock';

async function flush() {
  for (let i = 0; i < 50; i++) await Promise.resolve();
}

function setup() {
  const clock = new ManualClock();
  let emitPcsc: (event: PcscEvent) => void = () => undefined;
  let failApdu: (error: Error) => void = () => undefined;
  const session: PcscSession = {
    probe: async () => undefined,
    connect: async (): Promise<CardLink> => ({
      // The phone is being read: its first APDU is on the wire.
      transmit: () => new Promise((_resolve, reject) => (failApdu = reject)),
      disconnect: () => undefined,
    }),
    close: () => undefined,
  };
  const tracker = new ReaderStatusTracker(silentLogger);
  const listeners = new Set<(event: ReaderEvent) => void>();
  const runtime = new ReaderRuntime({
    // What the supervisor does with each message: the status, then the event stream.
    send: (message: ReaderToHost) => {
      if (message.type === 'pong') return;
      tracker.apply(message);
      for (const listener of listeners) listener({ ...message, generation: 1 });
    },
    openPcsc: (onEvent): OpenPcscResult => {
      emitPcsc = onEvent;
      return { ok: true, session };
    },
    clock,
    elapsedMs: () => clock.now(),
    onStopped: () => undefined,
  });
  const bridge = connectNfcPaymentBridge({
    reader: { onEvent: (listener) => (listeners.add(listener), () => listeners.delete(listener)) },
    sale: {
      current: () => ({ orderId: 'order-1', state: 'waiting-for-tap' }),
      submitNfcToken: () => ({ kind: 'refused', refusal: 'sale-changed' }),
    },
  });
  const outcomes: TapOutcome[] = [];
  bridge.onOutcome((outcome) => outcomes.push(outcome));
  runtime.start();
  emitPcsc({ type: 'reader-attached', reader: 'R1', cardPresent: false });
  emitPcsc({ type: 'card-inserted', reader: 'R1' });
  return { tracker, outcomes, runtime, emitPcsc, failApdu: (error: Error) => failApdu(error) };
}

describe('the reader or its service lost in the middle of a read', () => {
  it('unplugged: the tap blames the reader, and "plug in the reader" stays the advice', async () => {
    const rig = setup();
    await flush();
    rig.emitPcsc({ type: 'reader-detached', reader: 'R1' });
    rig.failApdu(new Error('Reader unavailable'));
    await flush();
    expect(rig.outcomes).toEqual([
      expect.objectContaining({ kind: 'read-failed', cause: 'reader-problem' }),
    ]);
    expect(rig.tracker.status()).toMatchObject({ state: 'no-reader', lastError: null });
    rig.runtime.shutdown();
  });

  it("PC/SC lost: the tap blames the reader's service, whose words stay", async () => {
    const rig = setup();
    await flush();
    rig.emitPcsc({ type: 'error', message: 'PC/SC service stopped' });
    rig.failApdu(new Error('PC/SC service stopped'));
    await flush();
    expect(rig.outcomes).toEqual([
      expect.objectContaining({ kind: 'read-failed', cause: 'reader-problem' }),
    ]);
    expect(rig.tracker.status().lastError).toMatch(/card reader service stopped/);
    rig.runtime.shutdown();
  });
});

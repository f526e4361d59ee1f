/**
 * A hung PC/SC service: pcscd stopped with SIGSTOP, alive with its socket open, so every call
 * waits and none fails, and the idle reader process would go on answering its pings. Real
 * pcscd + vpcd, the forked reader process, the host with a quick watchdog.
 */
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultPcscHealth } from '../../electron/nfc/pcsc-health-check';
import { PcscRig } from '../support/pcsc-rig';
import { VirtualWalletCard } from '../support/virtual-wallet-card';
import { startTestHost, waitReaderReady, type TestHost } from './nfc-test-kit';

const TOKEN = '5b1e4d2c-7a3f-4e8b-9c6d-2f1a0b9e8d7c';

async function tapReads(test: TestHost): Promise<void> {
  const from = test.events.mark();
  const card = await VirtualWalletCard.tap({ app: { kind: 'aid', token: TOKEN } });
  try {
    expect(await test.nextResult(from)).toMatchObject({ type: 'token-read', token: TOKEN });
  } finally {
    await card.remove();
  }
}

describe('a hung pcscd', () => {
  let rig: PcscRig | undefined;
  let test: TestHost | undefined;

  afterEach(async () => {
    rig?.resume();
    await test?.stop();
    await rig?.stop();
    test = undefined;
    rig = undefined;
  });

  it('is reported within the health interval, the reader restarted with backoff, and recovered after SIGCONT', async () => {
    PcscRig.assertInstalled();
    rig = new PcscRig();
    await rig.start();
    test = startTestHost({ watchdog: { intervalMs: 500, timeoutMs: 2000 } });
    await waitReaderReady(test);
    await tapReads(test);

    const beforeHang = test.statuses.mark();
    const stoppedAtMs = performance.now();
    rig.pause();
    const hung = await test.statuses.waitFor(
      (status) => status.state === 'pcsc-not-answering',
      'the hang reported',
      { from: beforeHang, timeoutMs: 10_000 },
    );
    const reportedAfterMs = performance.now() - stoppedAtMs;
    // One interval until the next query, its deadline, and the IPC and a loaded machine.
    expect(reportedAfterMs).toBeLessThan(
      defaultPcscHealth.intervalMs + defaultPcscHealth.deadlineMs + 1500,
    );
    expect(hung).toMatchObject({ readers: [], card: 'none', lastError: null });

    // The process waiting on pcscd is ended and another started, which waits on it too and
    // is ended in its turn: restarts, spaced by the growing backoff, not a tight loop.
    await test.statuses.waitFor((status) => status.restarts >= 2, 'a second restart', {
      from: beforeHang,
      timeoutMs: 15_000,
    });
    const hangMs = performance.now() - stoppedAtMs;
    // First delay 200 ms, then 400 ms: two restarts, each after the watchdog's 2 s at most.
    expect(test.channels.length).toBeGreaterThanOrEqual(2);
    expect(test.channels.length).toBeLessThanOrEqual(3);
    expect(hangMs).toBeGreaterThan(reportedAfterMs + 2000);
    // All the while the cashier reads why, never "ready" nor just "restarting".
    expect(new Set(test.statuses.since(beforeHang).map((status) => status.state))).toEqual(
      new Set(['pcsc-not-answering']),
    );

    const beforeResume = test.statuses.mark();
    rig.resume();
    await waitReaderReady(test, beforeResume, 20_000);
    await tapReads(test);
  });
});

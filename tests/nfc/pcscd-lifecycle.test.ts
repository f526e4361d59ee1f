/**
 * The reader process against a PC/SC service that comes and goes: absent at start, killed and
 * restarted mid-shift, no reader at all; and the process itself dying or being shut down.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { forkReaderProcess } from '../support/fork-reader-channel';
import type { ReaderToHost } from '../../electron/nfc/reader-protocol';
import { PcscRig, killStrayPcscd } from '../support/pcsc-rig';
import { VirtualWalletCard } from '../support/virtual-wallet-card';
import {
  Recorder,
  VPCD_READER,
  startTestHost,
  waitReaderReady,
  type TestHost,
} from './nfc-test-kit';

const TOKEN = 'c56a4180-65aa-42ec-a945-5fd21dec0538';

async function tapReads(test: TestHost): Promise<void> {
  const from = test.events.mark();
  const card = await VirtualWalletCard.tap({ app: { kind: 'aid', token: TOKEN } });
  try {
    expect(await test.nextResult(from)).toMatchObject({ type: 'token-read', token: TOKEN });
  } finally {
    await card.remove();
  }
  await test.events.waitFor((event) => event.type === 'card-removed', 'card removed', { from });
}

describe('PC/SC service lifecycle', () => {
  const rigs: PcscRig[] = [];
  let test: TestHost | undefined;

  afterEach(async () => {
    await test?.stop();
    test = undefined;
    for (const rig of rigs.splice(0)) await rig.stop();
  });

  function newRig(options?: ConstructorParameters<typeof PcscRig>[0]): PcscRig {
    PcscRig.assertInstalled();
    const rig = new PcscRig(options);
    rigs.push(rig);
    return rig;
  }

  it('reports pcscd missing at start without hanging, then becomes ready when it starts', async () => {
    await killStrayPcscd();
    test = startTestHost();
    await test.statuses.waitFor((status) => status.state === 'pcsc-missing', 'pcsc-missing');
    // The process is responsive while it waits: it answers its watchdog and stays up.
    const mark = test.statuses.mark();
    const rig = newRig();
    await rig.start();
    await waitReaderReady(test, mark);
    await tapReads(test);
    expect(test.host.reader.status().restarts).toBe(0);
  });

  it('recovers when pcscd is killed (stale socket left) and started again mid-shift', async () => {
    const rig = newRig();
    await rig.start();
    test = startTestHost();
    await waitReaderReady(test);
    await tapReads(test);

    const beforeKill = test.statuses.mark();
    await rig.kill();
    await test.statuses.waitFor(
      (status) => status.state === 'pcsc-missing',
      'pcsc-missing after kill',
      { from: beforeKill },
    );
    const beforeRestart = test.statuses.mark();
    await rig.start();
    await waitReaderReady(test, beforeRestart);
    await tapReads(test);
    // Recovery happened inside the reader process: no process restart was needed.
    expect(test.host.reader.status().restarts).toBe(0);
  });

  it('recovers from an orderly pcscd restart too', async () => {
    const rig = newRig();
    await rig.start();
    test = startTestHost();
    await waitReaderReady(test);
    const mark = test.statuses.mark();
    await rig.stop();
    // Wait for the loss first, so a status from before the restart cannot pass for recovery.
    const lost = await test.statuses.waitFor(
      (status) => !status.readers.includes(VPCD_READER),
      'reader lost',
      { from: mark },
    );
    const afterLoss = test.statuses.items.indexOf(lost);
    await rig.start();
    await waitReaderReady(test, afterLoss);
    await tapReads(test);
  });

  it('says so when PC/SC runs without any reader', async () => {
    const rig = newRig({ readers: false });
    await rig.start();
    test = startTestHost();
    const status = await test.statuses.waitFor((s) => s.state === 'no-reader', 'no-reader');
    expect(status.readers).toEqual([]);
  });

  it('restarts a reader process that died, and reads again', async () => {
    const rig = newRig();
    await rig.start();
    test = startTestHost();
    await waitReaderReady(test);
    const mark = test.statuses.mark();
    test.channels[0]?.kill();
    const restarting = await test.statuses.waitFor(
      (status) => status.state === 'restarting',
      'restarting',
      { from: mark },
    );
    await waitReaderReady(test, test.statuses.items.indexOf(restarting));
    expect(test.host.reader.status().restarts).toBe(1);
    expect(test.channels).toHaveLength(2);
    await tapReads(test);
  });

  it.each([
    ['with pcscd running', true],
    ['while waiting for pcscd', false],
  ])('shuts down cleanly %s: exit code 0 within 5 s', async (_name, withPcscd) => {
    if (withPcscd) await newRig().start();
    else await killStrayPcscd();
    const channel = forkReaderProcess();
    const messages = new Recorder<ReaderToHost>();
    channel.onMessage((message) => messages.push(message as ReaderToHost));
    const exited = new Promise<number | null>((resolve) => channel.onExit(resolve));
    await messages.waitFor(
      (message) => message.type === (withPcscd ? 'reader-ready' : 'pcsc-missing'),
      'first status',
    );
    if (withPcscd)
      expect(messages.items).toContainEqual({ type: 'reader-ready', reader: VPCD_READER });
    channel.send({ type: 'shutdown' });
    const code = await Promise.race([
      exited,
      new Promise((resolve) => setTimeout(() => resolve('timeout'), 5000)),
    ]);
    expect(code).toBe(0);
  });
});

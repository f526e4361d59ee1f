/**
 * The `smartcard` addon itself, through real pcscd + vpcd + the virtual wallet card:
 *   - without a PC/SC service, opening a context fails at once (no probe needed before it);
 *   - every buffer the app gets from it is an ordinary, JS-owned copy: Electron's V8 memory
 *     cage forbids external array buffers, and a buffer over native memory could change or
 *     vanish under us once the call returned.
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Context, ReaderMonitor, type MonitorEvent } from 'smartcard';
import { openSmartcardPcsc } from '../../electron/nfc/pcsc-binding';
import { PcscRig, killStrayPcscd } from '../support/pcsc-rig';
import { CONTACTLESS_ATR, VirtualWalletCard } from '../support/virtual-wallet-card';
import { Recorder, VPCD_READER } from './nfc-test-kit';

const TOKEN = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const SELECT_WALLET = Buffer.from('00A4040006F0504F53323500', 'hex');

/**
 * Opens a context in a child process, so a binding that blocks fails this test by the spawn
 * timeout instead of freezing the test runner. Resolves with what the child printed.
 */
function openContextInChild(): { output: string; elapsedMs: number; timedOut: boolean } {
  const script = `
    const { Context } = require('smartcard');
    const started = performance.now();
    try { new Context().close(); console.log('opened'); }
    catch (error) { console.log('threw: ' + error.message); }
    console.log('ms ' + (performance.now() - started).toFixed(1));`;
  const started = performance.now();
  const result = spawnSync(process.execPath, ['-e', script], {
    cwd: process.cwd(),
    encoding: 'utf8',
    timeout: 5000,
  });
  return {
    output: result.stdout,
    elapsedMs: performance.now() - started,
    timedOut: result.error !== undefined || result.signal !== null,
  };
}

/** An ordinary Buffer that owns its memory: not a view of native or pooled memory. */
function expectOwnedCopy(buffer: Buffer | null | undefined, length: number): Buffer {
  expect(Buffer.isBuffer(buffer)).toBe(true);
  const bytes = buffer as Buffer;
  expect(bytes.length).toBe(length);
  expect(bytes.byteOffset).toBe(0);
  expect(bytes.buffer.byteLength).toBe(length);
  expect(bytes.buffer).toBeInstanceOf(ArrayBuffer);
  return bytes;
}

/** ArrayBuffer.prototype.detached (ES2024; Node has it, the project's TypeScript lib not yet). */
function isDetached(memory: ArrayBuffer): boolean {
  return (memory as ArrayBuffer & { readonly detached: boolean }).detached;
}

/** Still there and writable after later calls, and JS may transfer (detach) it: JS owns it. */
function expectStillOrdinary(bytes: Buffer, expected: string): void {
  const memory = bytes.buffer as ArrayBuffer;
  expect(isDetached(memory)).toBe(false);
  expect(bytes.toString('hex')).toBe(expected);
  const first = bytes[0] as number;
  bytes[0] = first ^ 0xff;
  expect(bytes[0]).toBe(first ^ 0xff);
  bytes[0] = first;
  const moved = structuredClone(memory, { transfer: [memory] });
  expect(moved.byteLength).toBe(expected.length / 2);
  expect(isDetached(memory)).toBe(true);
}

describe('smartcard without a PC/SC service', () => {
  it('fails at once, neither blocking nor spinning, with no socket and with a stale one', async () => {
    await killStrayPcscd();
    const absent = openContextInChild();
    expect(absent.timedOut).toBe(false);
    expect(absent.output).toMatch(/threw: PC\/SC service not running/);

    PcscRig.assertInstalled();
    const rig = new PcscRig();
    await rig.start();
    await rig.kill(); // SIGKILL leaves /run/pcscd/pcscd.comm behind, refusing connections
    const stale = openContextInChild();
    expect(stale.timedOut).toBe(false);
    expect(stale.output).toMatch(/threw: PC\/SC service not running/);
    expect(Number(/ms ([\d.]+)/.exec(stale.output)?.[1])).toBeLessThan(200);

    // The app's adapter names it "missing", which the runtime reports as pcsc-missing.
    const opened = openSmartcardPcsc(() => undefined);
    expect(opened).toEqual({
      ok: false,
      serviceMissing: true,
      message: 'PC/SC service not running',
    });
  });
});

describe('buffers from smartcard are JS-owned copies', () => {
  let rig: PcscRig;

  beforeAll(async () => {
    PcscRig.assertInstalled();
    rig = new PcscRig();
    await rig.start();
  });

  afterAll(async () => {
    await rig?.stop();
  });

  it('for the monitor event ATR, the reader name, the card ATR and every transmit answer', async () => {
    const events = new Recorder<MonitorEvent>();
    const monitor = new ReaderMonitor();
    const context = new Context();
    monitor.start((event) => events.push(event));
    const card = await VirtualWalletCard.tap({ app: { kind: 'aid', token: TOKEN } });
    try {
      const inserted = await events.waitFor(
        (event) => event.type === 'card-inserted' && event.reader === VPCD_READER,
        'card inserted',
      );
      expect(typeof inserted.reader).toBe('string');
      const atrHex = Buffer.from(CONTACTLESS_ATR).toString('hex');
      const eventAtr = expectOwnedCopy(inserted.atr, CONTACTLESS_ATR.length);

      const reader = context.listReaders().find((candidate) => candidate.name === VPCD_READER);
      expect(reader?.name).toBe(VPCD_READER);
      const readerAtr = expectOwnedCopy(reader?.atr, CONTACTLESS_ATR.length);
      const connected = await reader!.connect();
      const cardAtr = expectOwnedCopy(connected.atr, CONTACTLESS_ATR.length);
      const statusAtr = expectOwnedCopy(connected.getStatus().atr, CONTACTLESS_ATR.length);

      const first = await connected.transmit(SELECT_WALLET, { maxRecvLength: 8192 });
      const firstHex = Buffer.from(TOKEN, 'ascii').toString('hex') + '9000';
      expectOwnedCopy(first, 38);
      // A second answer must not reuse or overwrite the first one's memory.
      const second = await connected.transmit(SELECT_WALLET, { maxRecvLength: 8192 });
      expectOwnedCopy(second, 38);
      expect(second.buffer).not.toBe(first.buffer);
      connected.disconnect();
      monitor.stop();
      context.close();

      for (const atr of [eventAtr, readerAtr, cardAtr, statusAtr]) expectStillOrdinary(atr, atrHex);
      expectStillOrdinary(first, firstHex);
      expectStillOrdinary(second, firstHex);
    } finally {
      monitor.stop();
      context.close();
      await card.remove();
    }
  });

  it('and the app adapter hands the token reader those same answers', async () => {
    const events = new Recorder<string>();
    const opened = openSmartcardPcsc((event) =>
      events.push(`${event.type}:${'reader' in event ? event.reader : ''}`),
    );
    if (!opened.ok) throw new Error(`PC/SC did not open: ${opened.message}`);
    const card = await VirtualWalletCard.tap({ app: { kind: 'aid', token: TOKEN } });
    try {
      await events.waitFor((event) => event === `card-inserted:${VPCD_READER}`, 'card inserted');
      const link = await opened.session.connect(VPCD_READER);
      const answer = await link.transmit(Uint8Array.from(SELECT_WALLET), 8192);
      link.disconnect();
      const bytes = expectOwnedCopy(answer as Buffer, 38);
      expectStillOrdinary(bytes, Buffer.from(TOKEN, 'ascii').toString('hex') + '9000');
    } finally {
      opened.session.close();
      await card.remove();
    }
  });
});

/**
 * NFC tap to payment request (goal: the app adds under 5 ms to the APDU exchange, p50 and p99;
 * it was 20 ms until the measured figures, +1.9 and +2.4 ms, met it with room).
 *
 * Both phases use the same rig in the same run: pcscd + vpcd + the virtual wallet card
 * answering the wallet AID (one SELECT, 36-byte token).
 *   bare: the `smartcard` addon in this process: monitor's card event -> connect -> SELECT
 *         -> answer, the least any PC/SC reader can do.
 *   app:  the forked reader process -> IPC -> host bridge -> SaleService -> service client ->
 *         HTTP -> sandbox receives generate_nfc.
 * Times are taken from the card's connect. pcscd notices a new card only at its next presence
 * poll (every ~400 ms), a random wait common to both paths that drowns a 20 ms difference in
 * 30 samples; so the "adds" figures are poll-aligned: each tap is timed from the moment vpcd
 * first talked to the card (pcscd's poll), and the pass of every line is judged on them.
 */
import { performance } from 'node:perf_hooks';
import { Context, ReaderMonitor } from 'smartcard';
import { randomUUID } from 'node:crypto';
import { percentile, type BenchLine } from './bench-line';
import { PcscRig } from '../support/pcsc-rig';
import { VirtualWalletCard } from '../support/virtual-wallet-card';
import {
  startPaymentStack,
  startTestHost,
  waitReaderReady,
  waitForSaleState,
  VPCD_READER,
} from '../nfc/nfc-test-kit';

const TAPS = 30;
const WARM_UP = 3;
const SELECT_WALLET = Buffer.from('00A4040006F0504F53323500', 'hex');
const GOAL_ADDED_MS = 5;

interface TapTiming {
  /** Card connect -> end (bare: SELECT answer received; app: sandbox got generate_nfc). */
  fromConnect: number;
  /** pcscd's first poll of the card -> end. */
  fromPoll: number;
}

function timing(card: VirtualWalletCard, endMs: number): TapTiming {
  const connected = card.connectedAtMs as number;
  const firstPoll =
    card.log.find((entry) => entry.kind === 'control' && entry.atMs >= connected)?.atMs ??
    connected;
  return { fromConnect: endMs - connected, fromPoll: endMs - firstPoll };
}

async function removeAndSettle(card: VirtualWalletCard): Promise<void> {
  await card.remove();
}

async function bareTaps(count: number): Promise<TapTiming[]> {
  const context = new Context();
  const monitor = new ReaderMonitor();
  let onAnswer: ((atMs: number) => void) | null = null;
  let removed: (() => void) | null = null;
  let attached: (() => void) | null = null;
  const readerAttached = new Promise<void>((resolve) => (attached = resolve));
  monitor.start((event) => {
    if (event.reader !== VPCD_READER) return;
    if (event.type === 'reader-attached') attached?.();
    if (event.type === 'card-removed') removed?.();
    if (event.type !== 'card-inserted') return;
    const reader = context.listReaders().find((candidate) => candidate.name === VPCD_READER);
    void reader
      ?.connect()
      .then(async (card) => {
        await card.transmit(SELECT_WALLET, { maxRecvLength: 258 });
        onAnswer?.(performance.now());
        card.disconnect();
      })
      .catch(() => undefined);
  });
  try {
    await readerAttached;
    const timings: TapTiming[] = [];
    for (let i = 0; i < count; i++) {
      const answered = new Promise<number>((resolve) => (onAnswer = resolve));
      const card = await VirtualWalletCard.tap({ app: { kind: 'aid', token: randomUUID() } });
      const endMs = await answered;
      timings.push(timing(card, endMs));
      const gone = new Promise<void>((resolve) => (removed = resolve));
      await removeAndSettle(card);
      await gone;
    }
    return timings;
  } finally {
    monitor.stop();
    context.close();
  }
}

async function appTaps(count: number): Promise<TapTiming[]> {
  const stack = await startPaymentStack({ acceptAnyNfcToken: true });
  const test = startTestHost({ sale: stack.sale });
  try {
    await waitReaderReady(test);
    const timings: TapTiming[] = [];
    for (let i = 0; i < count; i++) {
      await stack.sale.startNfcSale({ amount: '1.25' });
      const arrived = stack.sandbox
        .waitForRequests('generate_nfc', i + 1)
        .then(() => performance.now());
      const from = test.events.mark();
      const card = await VirtualWalletCard.tap({ app: { kind: 'aid', token: randomUUID() } });
      const endMs = await arrived;
      timings.push(timing(card, endMs));
      await waitForSaleState(stack.sale, 'accepted-by-service');
      stack.sale.clear();
      await removeAndSettle(card);
      await test.events.waitFor((event) => event.type === 'card-removed', 'card removed', { from });
    }
    return timings;
  } finally {
    await test.stop();
    await stack.close();
  }
}

export async function run(): Promise<BenchLine[]> {
  PcscRig.assertInstalled();
  const rig = new PcscRig();
  await rig.start();
  try {
    const app = (await appTaps(TAPS + WARM_UP)).slice(WARM_UP);
    const bare = (await bareTaps(TAPS + WARM_UP)).slice(WARM_UP);
    const lines: BenchLine[] = [];
    for (const p of [50, 99]) {
      const added =
        percentile(
          app.map((t) => t.fromPoll),
          p,
        ) -
        percentile(
          bare.map((t) => t.fromPoll),
          p,
        );
      const pass = added < GOAL_ADDED_MS;
      lines.push({
        name: `nfc tap -> sandbox generate_nfc p${p} (from card connect, ${TAPS} taps)`,
        value: percentile(
          app.map((t) => t.fromConnect),
          p,
        ),
        unit: 'ms',
        floorName: `bare PC/SC tap -> SELECT answer p${p} (from card connect)`,
        floor: percentile(
          bare.map((t) => t.fromConnect),
          p,
        ),
        goal: `adds < ${GOAL_ADDED_MS} ms (judged poll-aligned)`,
        pass,
      });
      lines.push({
        name: `nfc tap -> sandbox generate_nfc p${p} (poll-aligned)`,
        value: percentile(
          app.map((t) => t.fromPoll),
          p,
        ),
        unit: 'ms',
        floorName: `bare PC/SC tap -> SELECT answer p${p} (poll-aligned)`,
        floor: percentile(
          bare.map((t) => t.fromPoll),
          p,
        ),
        goal: `adds < ${GOAL_ADDED_MS} ms: adds ${added.toFixed(1)} ms`,
        pass,
      });
    }
    return lines;
  } finally {
    await rig.stop();
  }
}

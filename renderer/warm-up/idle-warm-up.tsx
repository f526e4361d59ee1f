import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { afterPaint } from '../common/after-paint';
import { Backstage } from './backstage';
import { whenNothingLoading } from '../common/foreground-loads';
import { useLatestCallback } from '../common/use-latest-callback';
import { whenIdle } from '../common/when-idle';

/** How many samples are drawn: enough for V8 to compile the hot loops (QR encoding). */
const ROUNDS = 8;

/**
 * A sample payment link as long as the service's (order id, two contract addresses, the
 * amount): its code has the same size, so the same code paths run. `.invalid` is never a
 * real host, and the link is never shown.
 */
export function samplePaymentLink(round: number): string {
  const address = `0x${'0123456789abcdef'.repeat(3).slice(0, 40)}`;
  return `https://pay.example.invalid/app/qr-scan?&order_id=WARM-UP-${round}-0000000000000000&contract_address=${address}&currency_address=${address}&transaction_amount=${round}2.5&act=DEPOSIT&chain_id=1&decimal=6`;
}

/**
 * The first sale of the day would be drawn by cold code: the payment QR's encoder (choosing
 * the mask, scoring each one) runs in V8's interpreter its first times, and in the first
 * sale's CPU profile the display spent ~200 ms encoding its QR, against a few ms warm
 * (tests/bench/cashier.bench.ts with CASHIER_BENCH_PROFILE=1). The rest of the sale's screen
 * was cold too: its components' first renders, its styles' first layout. So after start the
 * page draws what a sale draws, `render(round)`: the sale's own screen with a sample sale, a
 * few times, one per idle moment, backstage (backstage.tsx: unseen, and no query of the page
 * finds it, so no test mistakes a sample for the real thing); then it renders nothing. The
 * first customer meets compiled code. Each round must draw something new (e.g.
 * samplePaymentLink(round)): a memoised component given the same props would not run again.
 *
 * It starts only once `ready` (the page's first screen is there: the cashier's amount field,
 * the display's first view) and a frame with that screen was painted: each round costs tens
 * of ms of cold code, which must not stand between the page's load and its first screen
 * (it did, in a CPU profile of the cashier page's load). A sale rarely starts sooner after
 * that than the few idle moments the rounds need.
 */
export function IdleWarmUp({
  ready = true,
  render,
  onDone,
}: {
  /** The page's first screen is shown: the rounds may begin after it is painted. */
  ready?: boolean;
  render: (round: number) => ReactNode;
  /** Called in an idle moment after the last round. */
  onDone?: () => void;
}) {
  const [round, setRound] = useState(0);
  const done = useLatestCallback(() => onDone?.());
  useEffect(() => {
    if (!ready) return;
    if (round > ROUNDS) return whenIdle(done);
    // Not while a list the cashier waits for loads (foreground-loads.ts), and as a
    // transition: a round's render gives way to any other update waiting (that list, a key).
    let cancelWait = () => undefined as void;
    const next = () => {
      cancelWait = whenNothingLoading(() => startTransition(() => setRound((done) => done + 1)));
    };
    let cancel: () => void;
    if (round === 0) {
      cancel = afterPaint(() => {
        cancel = whenIdle(next);
      });
    } else cancel = whenIdle(next);
    return () => {
      cancel();
      cancelWait();
    };
  }, [ready, round, done]);
  if (round === 0 || round > ROUNDS) return null;
  return <Backstage testId="idle-warm-up">{render(round)}</Backstage>;
}

import { describe, expect, it } from 'vitest';
import { learnAcceptedLinkRates } from '../../../electron/rates/accepted-link-rates';
import { saleStates, type SaleState } from '../../../shared/sale/sale-states';
import type { SaleSnapshot } from '../../../shared/sale/sale-snapshot';

const NOW = Date.UTC(2026, 10, 27, 9, 0, 0);

/** Only what the learner reads of a sale; the rest of a snapshot does not matter to it. */
function sale(orderId: string, state: SaleState, rateUsd = '3150.42'): SaleSnapshot {
  return {
    orderId,
    state,
    asset: 'ETH',
    chainId: '1',
    link: { qrUrl: 'https://pay.example/q', linkAmount: '0.004', rateUsd, amountMatches: false },
  } as SaleSnapshot;
}

function learner() {
  const learnt: [string, string | null, string, number][] = [];
  const see = learnAcceptedLinkRates(
    { recordLinkRate: (...args) => void learnt.push(args) },
    () => NOW,
  );
  return { see, learnt };
}

describe('learnAcceptedLinkRates: which link rates may price later sales', () => {
  it('learns the rate of a paid sale, once per order, in every paid state', () => {
    for (const paid of [
      'paid-confirmed-by-cashier',
      'accepted-by-service',
      'paid-after-all',
    ] as const) {
      const { see, learnt } = learner();
      see(sale('a', 'awaiting-payment'));
      expect(learnt, paid).toEqual([]);
      see(sale('a', paid));
      see(sale('a', paid, '9999'));
      expect(learnt, paid).toEqual([['ETH', '1', '3150.42', NOW]]);
    }
  });

  it('learns nothing from a sale that ended unpaid or still waits', () => {
    const paid = new Set<SaleState>([
      'paid-confirmed-by-cashier',
      'accepted-by-service',
      'paid-after-all',
    ]);
    for (const state of saleStates.filter((candidate) => !paid.has(candidate))) {
      const { see, learnt } = learner();
      see(sale('a', 'requesting'));
      see(sale('a', state));
      expect(learnt, state).toEqual([]);
    }
  });

  it('learns a questioned rate only when the cashier accepts it, never when they turn it down', () => {
    const turnedDown = learner();
    turnedDown.see(sale('a', 'amount-differs'));
    turnedDown.see(sale('a', 'cancelled'));
    expect(turnedDown.learnt).toEqual([]);

    const accepted = learner();
    accepted.see(sale('a', 'amount-differs', '1357.9'));
    accepted.see(sale('a', 'awaiting-payment', '1357.9'));
    expect(accepted.learnt).toEqual([['ETH', '1', '1357.9', NOW]]);
    // Paid after that: already learnt, not again.
    accepted.see(sale('a', 'paid-confirmed-by-cashier', '1357.9'));
    expect(accepted.learnt).toHaveLength(1);
  });

  it("does not take one order's question for another's acceptance", () => {
    const { see, learnt } = learner();
    see(sale('a', 'amount-differs'));
    see(sale('a', 'cancelled'));
    see(sale('b', 'awaiting-payment'));
    expect(learnt).toEqual([]);
  });

  it('learns nothing without a link or an asset', () => {
    const { see, learnt } = learner();
    see({ ...sale('a', 'paid-confirmed-by-cashier'), link: null });
    see({ ...sale('b', 'paid-confirmed-by-cashier'), asset: null });
    see(null);
    expect(learnt).toEqual([]);
  });

  it('dates a learnt rate from when its link came back, not from when it was paid or accepted', () => {
    let nowMs = NOW;
    const learnt: number[] = [];
    const see = learnAcceptedLinkRates(
      { recordLinkRate: (_asset, _chain, _rate, atMs) => void learnt.push(atMs) },
      () => nowMs,
    );
    see({ ...sale('a', 'requesting'), link: null });
    nowMs += 1_000;
    see(sale('a', 'amount-differs'));
    nowMs += 540_000;
    see(sale('a', 'awaiting-payment'));
    expect(learnt).toEqual([NOW + 1_000]);
    // The next order's link is dated by its own arrival.
    see(sale('b', 'awaiting-payment'));
    nowMs += 7_200_000;
    see(sale('b', 'paid-after-all'));
    expect(learnt).toEqual([NOW + 1_000, NOW + 541_000]);
  });
});

import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../../../electron/journal/order-record';
import { allowedActions, type SaleAction } from '../../../../electron/sale/sale-snapshot';
import {
  findTransition,
  isTerminal,
  paidStates,
  saleStates,
  terminalStates,
  transitions,
  type SaleState,
} from '../../../../shared/sale/sale-states';

const recordIn = (state: SaleState, kind: 'qr' | 'nfc'): OrderRecord => ({
  orderId: 'x',
  reference: 'AAA-AAA',
  kind,
  state,
  amount: '1',
  fee: '0',
  asset: null,
  assetDecimals: null,
  chainId: null,
  chainName: null,
  currency: 'USD',
  serialNumber: 's',
  createdAtMs: 0,
  updatedAtMs: 0,
  attempts: 0,
  replacesOrderId: null,
  cashierId: null,
  shiftId: null,
  pricing: null,
  rateDifferencePercent: null,
  // A QR order in these tests has its link (as every QR order past 'requesting' has).
  link:
    kind === 'qr'
      ? {
          qrUrl: 'https://pay.example/x',
          rateUsd: '1',
          expireAtRaw: '',
          expiresAtMs: null,
          expiryKnown: false,
          expiryNote: null,
          linkAmount: '1',
          amountMatches: true,
        }
      : null,
  lastFailure: null,
});

/** Where each cashier action leads, for the actions that move the same order. */
const targetOf: Partial<Record<SaleAction, (kind: 'qr' | 'nfc', from: SaleState) => SaleState>> = {
  acceptLinkAmount: () => 'awaiting-payment',
  confirmPaidByCashier: () => 'paid-confirmed-by-cashier',
  cancel: () => 'cancelled',
  voidOrder: () => 'voided',
  retrySameOrder: (kind) => (kind === 'qr' ? 'requesting' : 'waiting-for-tap'),
  markPaidAfterAll: () => 'paid-after-all',
};

describe('the states and transitions table', () => {
  it('terminal states have no way out but a late payment of a QR link or a void of a payment; every other state has one', () => {
    for (const state of saleStates) {
      const out = transitions.filter((t) => t.from === state);
      if (paidStates.has(state)) {
        // A manager voids a payment taken: to 'voided', a person's act, never the service's.
        expect(
          out.map((t) => [t.to, t.by]),
          state,
        ).toEqual([['voided', ['cashier']]]);
      } else if (state === 'expired' || state === 'cancelled') {
        // The link is never withdrawn at the service: paid after all, by the cashier, same order.
        expect(out, state).toEqual([
          { from: state, to: 'paid-after-all', by: ['cashier'], kinds: ['qr'] },
        ]);
      } else if (terminalStates.has(state)) expect(out, state).toEqual([]);
      else expect(out.length, state).toBeGreaterThan(0);
    }
  });

  it('counts as paid exactly the states where the customer paid', () => {
    expect([...paidStates].sort()).toEqual(
      ['accepted-by-service', 'paid-after-all', 'paid-confirmed-by-cashier'].sort(),
    );
    for (const state of paidStates) expect(terminalStates.has(state), state).toBe(true);
  });

  it('every state is reachable from the creation of an order', () => {
    const reached = new Set<SaleState>();
    let frontier: (SaleState | null)[] = [null];
    while (frontier.length > 0) {
      const next: SaleState[] = [];
      for (const from of frontier) {
        for (const t of transitions.filter((x) => x.from === from && !reached.has(x.to))) {
          reached.add(t.to);
          next.push(t.to);
        }
      }
      frontier = next;
    }
    expect([...reached].sort()).toEqual([...saleStates].sort());
  });

  it('every action a snapshot offers is a transition the journal accepts, by the cashier', () => {
    for (const kind of ['qr', 'nfc'] as const) {
      const statesOfKind = new Set(
        transitions.filter((t) => t.kinds.includes(kind)).map((t) => t.to),
      );
      for (const state of statesOfKind) {
        for (const action of allowedActions(recordIn(state, kind))) {
          const target = targetOf[action];
          if (!target) {
            expect(['newLinkForExpired', 'newSale']).toContain(action);
            expect(isTerminal(state)).toBe(true);
            continue;
          }
          expect(
            findTransition(kind, state, target(kind, state), 'cashier'),
            `${kind} ${state} ${action}`,
          ).toBeDefined();
        }
      }
    }
  });

  it('offers "paid after all" only for an expired or cancelled QR order that has a link', () => {
    for (const state of saleStates) {
      const offered = allowedActions(recordIn(state, 'qr')).includes('markPaidAfterAll');
      expect(offered, state).toBe(state === 'expired' || state === 'cancelled');
      expect(allowedActions(recordIn(state, 'nfc'))).not.toContain('markPaidAfterAll');
    }
    const noLink = { ...recordIn('cancelled', 'qr'), link: null };
    expect(allowedActions(noLink)).not.toContain('markPaidAfterAll');
  });

  it('voids a payment from every paid state of its kind, and from nothing else that was paid', () => {
    expect(findTransition('qr', 'paid-confirmed-by-cashier', 'voided', 'cashier')).toBeDefined();
    expect(findTransition('nfc', 'paid-confirmed-by-cashier', 'voided', 'cashier')).toBeDefined();
    expect(findTransition('nfc', 'accepted-by-service', 'voided', 'cashier')).toBeDefined();
    expect(findTransition('qr', 'paid-after-all', 'voided', 'cashier')).toBeDefined();
    // Not by the service, the clock or a restart; and a voided order never moves again.
    for (const by of ['service', 'expiry', 'restart', 'client'] as const)
      expect(findTransition('nfc', 'accepted-by-service', 'voided', by), by).toBeUndefined();
    expect(transitions.filter((t) => t.from === 'voided')).toEqual([]);
    expect(isTerminal('voided')).toBe(true);
  });

  it('only cashiers confirm payment; the service never does', () => {
    const confirmations = transitions.filter((t) => t.to === 'paid-confirmed-by-cashier');
    expect(confirmations.length).toBeGreaterThan(0);
    for (const t of confirmations) expect(t.by).toEqual(['cashier']);
  });

  it('a request in flight can only end by an answer, a lost answer, or a restart', () => {
    for (const t of transitions.filter((x) => x.from === 'requesting' || x.from === 'submitting')) {
      expect(t.by).not.toContain('cashier');
    }
  });
});

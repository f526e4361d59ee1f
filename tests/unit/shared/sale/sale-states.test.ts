import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../../../electron/journal/order-record';
import { allowedActions, type SaleAction } from '../../../../electron/sale/sale-snapshot';
import {
  findTransition,
  inFlightStates,
  isTerminal,
  linkShownStates,
  paidStates,
  saleStates,
  terminalStates,
  transitions,
  type OrderKind,
  type ReasonKind,
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

const allReasons: readonly ReasonKind[] = ['service', 'cashier', 'expiry', 'restart', 'client'];
const allKinds: readonly OrderKind[] = ['qr', 'nfc'];

/**
 * The whole table as the sale is meant to move, written out here (not read from the code):
 * [kind, from, to, who may cause it]. Anything not in it must be refused.
 */
const allowed: readonly [OrderKind, SaleState | null, SaleState, readonly ReasonKind[]][] = [
  // QR
  ['qr', null, 'requesting', ['cashier']],
  ['qr', 'requesting', 'awaiting-payment', ['service']],
  ['qr', 'requesting', 'amount-differs', ['service']],
  ['qr', 'requesting', 'refused', ['service']],
  ['qr', 'requesting', 'outcome-unknown', ['client', 'restart']],
  ['qr', 'requesting', 'failed', ['client', 'service']],
  ['qr', 'requesting', 'retry-refused', ['service']],
  ['qr', 'amount-differs', 'awaiting-payment', ['cashier']],
  ['qr', 'amount-differs', 'cancelled', ['cashier']],
  ['qr', 'amount-differs', 'expired', ['expiry', 'restart']],
  ['qr', 'awaiting-payment', 'paid-confirmed-by-cashier', ['cashier']],
  ['qr', 'awaiting-payment', 'cancelled', ['cashier']],
  ['qr', 'awaiting-payment', 'expired', ['expiry', 'restart']],
  ['qr', 'outcome-unknown', 'requesting', ['cashier']],
  ['qr', 'failed', 'requesting', ['cashier']],
  ['qr', 'outcome-unknown', 'voided', ['cashier']],
  ['qr', 'failed', 'voided', ['cashier']],
  ['qr', 'retry-refused', 'voided', ['cashier']],
  ['qr', 'expired', 'paid-after-all', ['cashier']],
  ['qr', 'cancelled', 'paid-after-all', ['cashier']],
  ['qr', 'paid-confirmed-by-cashier', 'voided', ['cashier']],
  ['qr', 'paid-after-all', 'voided', ['cashier']],
  // NFC
  ['nfc', null, 'waiting-for-tap', ['cashier']],
  ['nfc', 'waiting-for-tap', 'submitting', ['client']],
  ['nfc', 'waiting-for-tap', 'cancelled', ['cashier']],
  ['nfc', 'submitting', 'accepted-by-service', ['service']],
  ['nfc', 'submitting', 'refused', ['service']],
  ['nfc', 'submitting', 'outcome-unknown', ['client', 'restart']],
  ['nfc', 'submitting', 'failed', ['client', 'service']],
  ['nfc', 'submitting', 'retry-refused', ['service']],
  ['nfc', 'outcome-unknown', 'waiting-for-tap', ['cashier']],
  ['nfc', 'failed', 'waiting-for-tap', ['cashier']],
  ['nfc', 'outcome-unknown', 'voided', ['cashier']],
  ['nfc', 'failed', 'voided', ['cashier']],
  ['nfc', 'retry-refused', 'voided', ['cashier']],
  ['nfc', 'outcome-unknown', 'paid-confirmed-by-cashier', ['cashier']],
  ['nfc', 'retry-refused', 'paid-confirmed-by-cashier', ['cashier']],
  ['nfc', 'paid-confirmed-by-cashier', 'voided', ['cashier']],
  ['nfc', 'accepted-by-service', 'voided', ['cashier']],
];

function isAllowed(kind: OrderKind, from: SaleState | null, to: SaleState, by: ReasonKind) {
  return allowed.some(
    ([k, f, t, reasons]) => k === kind && f === from && t === to && reasons.includes(by),
  );
}

describe('which transitions exist', () => {
  it('knows exactly these fifteen states', () => {
    expect([...saleStates].sort()).toEqual(
      [
        'accepted-by-service',
        'amount-differs',
        'awaiting-payment',
        'cancelled',
        'expired',
        'failed',
        'outcome-unknown',
        'paid-after-all',
        'paid-confirmed-by-cashier',
        'refused',
        'requesting',
        'retry-refused',
        'submitting',
        'voided',
        'waiting-for-tap',
      ].sort(),
    );
  });

  it('accepts every transition that must exist, by each of its causes, for its kind', () => {
    for (const [kind, from, to, reasons] of allowed) {
      for (const by of reasons) {
        const found = findTransition(kind, from, to, by);
        expect(found, `${kind} ${from} -> ${to} by ${by}`).toBeDefined();
        expect(found!.from).toBe(from);
        expect(found!.to).toBe(to);
        expect(found!.kinds).toContain(kind);
        expect(found!.by).toContain(by);
      }
    }
  });

  it('refuses every other move: another kind, another cause, another step, or none listed', () => {
    const froms: (SaleState | null)[] = [null, ...saleStates];
    let refused = 0;
    for (const kind of allKinds) {
      for (const from of froms) {
        for (const to of saleStates) {
          for (const by of allReasons) {
            if (isAllowed(kind, from, to, by)) continue;
            expect(
              findTransition(kind, from, to, by),
              `${kind} ${from} -> ${to} by ${by}`,
            ).toBeUndefined();
            refused += 1;
          }
        }
      }
    }
    // 2 kinds x 16 origins x 15 targets x 5 causes, less the 45 allowed (kind, move, cause).
    expect(refused).toBe(2 * 16 * 15 * 5 - 45);
  });

  it('the table holds no line beyond those', () => {
    const lines = transitions.flatMap((t) =>
      t.kinds.flatMap((kind) => t.by.map((by) => `${kind} ${t.from} -> ${t.to} by ${by}`)),
    );
    const expected = allowed.flatMap(([kind, from, to, reasons]) =>
      reasons.map((by) => `${kind} ${from} -> ${to} by ${by}`),
    );
    expect(lines.sort()).toEqual(expected.sort());
  });

  it('the amount-differs step expires by the clock or a restart, never by the cashier or the service', () => {
    expect(findTransition('qr', 'amount-differs', 'expired', 'expiry')).toBeDefined();
    expect(findTransition('qr', 'amount-differs', 'expired', 'restart')).toBeDefined();
    for (const by of ['cashier', 'service', 'client'] as const)
      expect(findTransition('qr', 'amount-differs', 'expired', by), by).toBeUndefined();
    expect(findTransition('nfc', 'amount-differs', 'expired', 'expiry')).toBeUndefined();
  });
});

describe('the state sets, member by member', () => {
  const terminal: SaleState[] = [
    'paid-confirmed-by-cashier',
    'cancelled',
    'expired',
    'accepted-by-service',
    'refused',
    'voided',
    'paid-after-all',
  ];
  const paid: SaleState[] = ['paid-confirmed-by-cashier', 'accepted-by-service', 'paid-after-all'];
  const inFlight: SaleState[] = ['requesting', 'submitting'];
  const linkShown: SaleState[] = ['amount-differs', 'awaiting-payment'];

  it.each(saleStates)('%s is in exactly the sets it belongs to', (state) => {
    expect(isTerminal(state), 'isTerminal').toBe(terminal.includes(state));
    expect(terminalStates.has(state), 'terminal').toBe(terminal.includes(state));
    expect(paidStates.has(state), 'paid').toBe(paid.includes(state));
    expect(inFlightStates.has(state), 'in flight').toBe(inFlight.includes(state));
    expect(linkShownStates.has(state), 'link shown').toBe(linkShown.includes(state));
  });

  it('each set holds nothing but states', () => {
    expect(terminalStates.size).toBe(7);
    expect(paidStates.size).toBe(3);
    expect(inFlightStates.size).toBe(2);
    expect(linkShownStates.size).toBe(2);
  });
});

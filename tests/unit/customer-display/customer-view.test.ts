import { describe, expect, it } from 'vitest';
import { customerViewOf } from '../../../shared/sale/customer-view';
import type { SaleSnapshot } from '../../../shared/sale/sale-snapshot';
import { saleStates } from '../../../shared/sale/sale-states';
import { CountdownTicker } from '../../../electron/customer-display/countdown-ticker';
import { CustomerViewPublisher } from '../../../electron/customer-display/customer-view-publisher';
import { OUTCOME_HOLD_MS, WAIT_SCREEN_DELAY_MS } from '../../../shared/sale/wait-screen';
import type { CustomerView, ShopFace } from '../../../shared/ipc/views';
import { ManualClock } from '../../support/manual-clock';

const logos = { chainLogo: 'data:image/svg+xml;base64,AA==', assetLogo: null };

function sale(overrides: Partial<SaleSnapshot> = {}): SaleSnapshot {
  return {
    orderId: '0190f0e0-0000-7000-8000-000000000001',
    reference: 'K7M-Q4X',
    kind: 'qr',
    state: 'awaiting-payment',
    terminal: false,
    amount: '12.5',
    fee: '0.5',
    asset: 'USDT',
    assetDecimals: 6,
    chainId: '1',
    chainName: 'ETHEREUM',
    currency: 'USD',
    pricing: null,
    rateDifferencePercent: null,
    link: {
      qrUrl: 'https://pay.example/qr-scan?&order_id=x',
      linkAmount: '13',
      rateUsd: '1.0002',
      amountMatches: true,
    },
    showQr: true,
    expiry: { kind: 'known', atMs: 1_000_000 },
    lastFailure: {
      kind: 'rejected',
      message: 'internal words',
      serviceMessage: 'secret-ish',
      serviceCode: 'E',
      httpStatus: 400,
    },
    allowedActions: ['confirmPaidByCashier', 'cancel'],
    attempts: 1,
    replacesOrderId: null,
    replacedLinkMayBePaid: false,
    createdAtMs: 0,
    updatedAtMs: 0,
    notice: 'cashier only',
    ...overrides,
  };
}

/** The shop's face as settings would give it. */
function shop(shopName: string): ShopFace {
  return { shopName, shopLogo: null, demoMode: false, soundVolume: 0 };
}

describe('customerViewOf', () => {
  it('shows the link amount, the USD value, the QR and the expiry while the QR may be shown', () => {
    const view = customerViewOf(sale(), shop('Corner Shop'), logos);
    expect(view).toMatchObject({
      phase: 'scan',
      shopName: 'Corner Shop',
      amount: '13',
      asset: 'USDT',
      usdValue: '13.00',
      qrUrl: 'https://pay.example/qr-scan?&order_id=x',
      expiresAtMs: 1_000_000,
      expiryUnknown: false,
      chainLogo: logos.chainLogo,
    });
  });

  it('never shows the QR when the link amount differs until the cashier accepts it', () => {
    const view = customerViewOf(sale({ state: 'amount-differs', showQr: false }), shop(''), logos);
    expect(view.phase).toBe('preparing');
    expect(view.amount).toBeNull();
    expect(view.usdValue).toBeNull();
    expect(view.qrUrl).toBeNull();
    expect(view.expiresAtMs).toBeNull();
  });

  it('hides the QR once the sale is over, and says why', () => {
    for (const [state, phase] of [
      ['expired', 'expired'],
      ['cancelled', 'cancelled'],
      ['paid-confirmed-by-cashier', 'paid'],
      ['voided', 'cancelled'],
    ] as const) {
      const view = customerViewOf(sale({ state, terminal: true, showQr: false }), shop(''), logos);
      expect(view.phase).toBe(phase);
      expect(view.qrUrl).toBeNull();
    }
  });

  it('says "no time limit" rather than a countdown for an unknown expiry', () => {
    const view = customerViewOf(
      sale({ expiry: { kind: 'unknown', note: 'n', raw: 'r' } }),
      shop(''),
      logos,
    );
    expect(view.expiresAtMs).toBeNull();
    expect(view.expiryUnknown).toBe(true);
  });

  it('maps every sale state to a phase and never carries cashier-only data', () => {
    for (const state of saleStates) {
      const view = customerViewOf(sale({ state }), shop(''), logos);
      expect(view.phase).toBeTypeOf('string');
      const text = JSON.stringify(view);
      expect(text).not.toContain('secret-ish');
      expect(text).not.toContain('cashier only');
      expect(text).not.toContain('0190f0e0');
    }
  });

  it('says "declined" only for a payment the customer handed over; a refused QR request is the till\'s trouble', () => {
    const refused = (kind: 'qr' | 'nfc') =>
      customerViewOf(
        sale({ kind, state: 'refused', terminal: true, link: null, showQr: false }),
        shop(''),
        logos,
      ).phase;
    expect(refused('nfc')).toBe('declined');
    expect(refused('qr')).toBe('problem');
    for (const state of ['failed', 'outcome-unknown', 'retry-refused'] as const)
      expect(customerViewOf(sale({ state }), shop(''), logos).phase, state).toBe('problem');
  });

  it('carries the shop face (name, logo, demo mode, sound) on every view', () => {
    const face: ShopFace = {
      shopName: 'Corner Shop',
      shopLogo: 'data:image/png;base64,AA==',
      demoMode: true,
      soundVolume: 40,
    };
    expect(customerViewOf(null, face, logos)).toMatchObject(face);
    expect(customerViewOf(sale(), face, logos)).toMatchObject(face);
  });

  it('shows an NFC sale amount while waiting for the tap', () => {
    const view = customerViewOf(
      sale({
        kind: 'nfc',
        state: 'waiting-for-tap',
        link: null,
        showQr: false,
        expiry: null,
        asset: null,
      }),
      shop(''),
      logos,
    );
    expect(view).toMatchObject({ phase: 'tap', amount: '12.5', qrUrl: null, usdValue: null });
  });

  it('is idle with the shop name when there is no sale', () => {
    expect(customerViewOf(null, shop('Corner Shop'), logos)).toMatchObject({
      phase: 'idle',
      shopName: 'Corner Shop',
      amount: null,
      qrUrl: null,
    });
  });
});

describe('CountdownTicker', () => {
  it('ticks every second until the deadline, by the injected clock', () => {
    const clock = new ManualClock(0);
    const ticks: number[] = [];
    const ticker = new CountdownTicker(clock, (now) => ticks.push(now));
    ticker.runUntil(3_500);
    expect(ticks).toEqual([0]);
    clock.advance(10_000);
    expect(ticks).toEqual([0, 1000, 2000, 3000, 3500]);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('stops when told', () => {
    const clock = new ManualClock(0);
    const ticks: number[] = [];
    const ticker = new CountdownTicker(clock, (now) => ticks.push(now));
    ticker.runUntil(10_000);
    ticker.runUntil(null);
    clock.advance(5_000);
    expect(ticks).toEqual([0]);
  });
});

describe('CustomerViewPublisher', () => {
  function setup() {
    const clock = new ManualClock(0);
    const views: CustomerView[] = [];
    const publisher = new CustomerViewPublisher(
      clock,
      () => shop('Shop'),
      async () => logos,
      (view) => views.push(view),
    );
    return { clock, views, publisher };
  }

  it('keeps an outcome on screen for the hold time after the cashier clears it', async () => {
    const { clock, views, publisher } = setup();
    await publisher.saleChanged(
      sale({ state: 'paid-confirmed-by-cashier', terminal: true, showQr: false }),
    );
    clock.advance(1_000);
    await publisher.saleChanged(null);
    expect(views.at(-1)?.phase).toBe('paid');
    clock.advance(OUTCOME_HOLD_MS - 1_001);
    expect(views.at(-1)?.phase).toBe('paid');
    clock.advance(1);
    expect(views.at(-1)?.phase).toBe('idle');
  });

  it('returns to the welcome screen after the hold even while the ended sale stays on the till', async () => {
    const { clock, views, publisher } = setup();
    await publisher.saleChanged(sale({ state: 'expired', terminal: true, showQr: false }));
    expect(views.at(-1)?.phase).toBe('expired');
    clock.advance(OUTCOME_HOLD_MS - 1);
    expect(views.at(-1)?.phase).toBe('expired');
    clock.advance(1);
    expect(views.at(-1)?.phase).toBe('idle');
    // The cashier then clears it: the display stays on the welcome screen.
    await publisher.saleChanged(null);
    expect(views.at(-1)?.phase).toBe('idle');
  });

  it("replaces a held outcome with the new sale's first screen, not after the hold", async () => {
    const { clock, views, publisher } = setup();
    await publisher.saleChanged(sale({ state: 'cancelled', terminal: true, showQr: false }));
    await publisher.saleChanged(null);
    await publisher.saleChanged(
      sale({ state: 'requesting', link: null, showQr: false, expiry: null }),
    );
    // The new sale's wait screen replaces the outcome as soon as it is due, not after the hold.
    clock.advance(WAIT_SCREEN_DELAY_MS);
    expect(views.at(-1)?.phase).toBe('preparing');
    clock.advance(OUTCOME_HOLD_MS * 2);
    expect(views.at(-1)?.phase).toBe('preparing');
  });

  it('goes straight to the QR when the link comes before the wait screen is due', async () => {
    const { clock, views, publisher } = setup();
    await publisher.saleChanged(
      sale({ state: 'requesting', link: null, showQr: false, expiry: null }),
    );
    clock.advance(WAIT_SCREEN_DELAY_MS - 1);
    await publisher.saleChanged(sale());
    clock.advance(WAIT_SCREEN_DELAY_MS * 10);
    expect(views.map((view) => view.phase)).toEqual(['scan']);
  });

  it('shows "preparing" and "processing" once the wait lasts, counted from when it began', async () => {
    const { clock, views, publisher } = setup();
    const requesting = sale({ state: 'requesting', link: null, showQr: false, expiry: null });
    await publisher.saleChanged(requesting);
    clock.advance(WAIT_SCREEN_DELAY_MS / 2);
    // The same wait announced again (logos, a retry of the event) does not restart it.
    await publisher.saleChanged(requesting);
    expect(views).toEqual([]);
    clock.advance(WAIT_SCREEN_DELAY_MS / 2);
    expect(views.map((view) => view.phase)).toEqual(['preparing']);

    await publisher.saleChanged(
      sale({ kind: 'nfc', state: 'waiting-for-tap', link: null, showQr: false, expiry: null }),
    );
    await publisher.saleChanged(
      sale({ kind: 'nfc', state: 'submitting', link: null, showQr: false, expiry: null }),
    );
    expect(views.at(-1)?.phase).toBe('tap');
    clock.advance(WAIT_SCREEN_DELAY_MS);
    expect(views.at(-1)?.phase).toBe('processing');
  });

  it('drops a wait screen that is not yet due when the sale is cleared', async () => {
    const { clock, views, publisher } = setup();
    await publisher.saleChanged(
      sale({ state: 'requesting', link: null, showQr: false, expiry: null }),
    );
    await publisher.saleChanged(null);
    clock.advance(WAIT_SCREEN_DELAY_MS * 2);
    expect(views.map((view) => view.phase)).toEqual(['idle']);
  });

  it('sends a view at once, before the logos are looked up again, when they are known', async () => {
    const { views, publisher } = setup();
    await publisher.saleChanged(
      sale({ state: 'requesting', link: null, showQr: false, expiry: null }),
    );
    const before = views.length;
    const pending = publisher.saleChanged(sale());
    // Synchronously, inside saleChanged: before main tells the cashier or answers its call.
    expect(views.length).toBe(before + 1);
    expect(views.at(-1)).toMatchObject({ phase: 'scan', chainLogo: logos.chainLogo });
    await pending;
    // The same logos again: no second copy of the view.
    expect(views.length).toBe(before + 1);
  });

  it('sends the view again when the logos turn out to have changed', async () => {
    const clock = new ManualClock(0);
    const views: CustomerView[] = [];
    let chainLogo = 'data:image/svg+xml;base64,AA==';
    const publisher = new CustomerViewPublisher(
      clock,
      () => shop('Shop'),
      async () => ({ chainLogo, assetLogo: null }),
      (view) => views.push(view),
    );
    await publisher.saleChanged(sale());
    chainLogo = 'data:image/svg+xml;base64,BB==';
    await publisher.saleChanged(sale());
    expect(views.map((view) => view.chainLogo)).toEqual([
      null, // not known yet: the view did not wait for them
      'data:image/svg+xml;base64,AA==',
      'data:image/svg+xml;base64,AA==',
      'data:image/svg+xml;base64,BB==',
    ]);
  });

  it('sends the view at once without logos not known yet, and again once they are in', async () => {
    const { views, publisher } = setup();
    const pending = publisher.saleChanged(sale());
    // Synchronously: the customer waiting to scan does not wait for a logo download.
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ phase: 'scan', chainLogo: null });
    await pending;
    expect(views.map((view) => view.chainLogo)).toEqual([null, logos.chainLogo]);
  });
});

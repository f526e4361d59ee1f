import type { Clock } from '../../shared/clock';
import type { CustomerPhase, CustomerView, ShopFace } from '../../shared/ipc/views';
import { customerViewOf, type CustomerLogos } from '../../shared/sale/customer-view';
import type { SaleSnapshot } from '../../shared/sale/sale-snapshot';
import { OUTCOME_HOLD_MS, WAIT_SCREEN_DELAY_MS } from '../../shared/sale/wait-screen';

/** The customer's wait screens: shown only once the wait lasts WAIT_SCREEN_DELAY_MS. */
const waitPhases: ReadonlySet<CustomerPhase> = new Set(['preparing', 'processing']);

/**
 * Publishes what the customer display shows. An outcome stays on screen OUTCOME_HOLD_MS after
 * it happened, whether the cashier clears the sale at once or leaves it on screen, so the
 * customer can read it, then the welcome screen returns; a new sale's first screen replaces
 * it as soon as there is one.
 */
export class CustomerViewPublisher {
  private latest: CustomerView;
  private outcomeAtMs: number | null = null;
  /** Cancels the one view waiting for its time: the idle screen after an outcome, or a wait screen. */
  private cancelDelayedView: (() => void) | null = null;
  private version = 0;
  /** Since when the current sale has been in its wait phase (order id and phase). */
  private waitSince: { key: string; atMs: number } | null = null;
  /** Logos last loaded per chain and asset, so a sale's view need not wait a turn for them. */
  private readonly knownLogos = new Map<string, CustomerLogos>();

  constructor(
    private readonly clock: Clock,
    private readonly shop: () => ShopFace,
    private readonly logosFor: (sale: SaleSnapshot) => Promise<CustomerLogos>,
    private readonly publish: (view: CustomerView) => void,
  ) {
    this.latest = customerViewOf(null, shop(), { chainLogo: null, assetLogo: null });
  }

  current(): CustomerView {
    return this.latest;
  }

  async saleChanged(sale: SaleSnapshot | null): Promise<void> {
    const version = ++this.version;
    this.cancelDelayedView?.();
    this.cancelDelayedView = null;
    if (!sale) {
      const holdUntil =
        this.outcomeAtMs === null ? this.clock.now() : this.outcomeAtMs + OUTCOME_HOLD_MS;
      this.outcomeAtMs = null;
      if (holdUntil > this.clock.now()) {
        this.cancelDelayedView = this.clock.at(holdUntil, () => {
          if (version === this.version) this.emit(customerViewOf(null, this.shop(), noLogos));
        });
      } else {
        this.emit(customerViewOf(null, this.shop(), noLogos));
      }
      return;
    }
    this.outcomeAtMs = sale.terminal ? (this.outcomeAtMs ?? this.clock.now()) : null;
    if (this.outcomeAtMs !== null) this.idleAfterHold(version, this.outcomeAtMs);
    // The customer is waiting for this view (the QR): it goes out now, before main answers
    // the cashier's call or tells the cashier page (sale-wiring.ts calls this after the
    // countdown's first tick, so the display never shows a stale time), rather than after the
    // promise hops of logosFor: with the logos known for this chain and asset, or without
    // any while they are not (the pickers fetch logos per row on screen, so they may still
    // be downloading). logosFor still runs; if it brings different logos (they arrived,
    // settings switched the service), the view is sent again with them.
    const key = `${sale.chainId ?? ''}|${sale.asset ?? ''}`;
    const known = this.knownLogos.get(key);
    const first = known ?? noLogos;
    this.show(customerViewOf(sale, this.shop(), first), sale.orderId);
    const logos = await this.logosFor(sale).catch(() => noLogos);
    this.knownLogos.set(key, logos);
    // A later change may have arrived while logos loaded: only the newest is shown.
    if (version !== this.version) return;
    if (!sameLogos(first, logos)) this.show(customerViewOf(sale, this.shop(), logos), sale.orderId);
  }

  /**
   * An outcome goes back to the welcome screen by itself after OUTCOME_HOLD_MS, even while the
   * sale stays on the cashier's screen (an expired link the cashier has not dealt with yet):
   * the next customer never sees the last one's result.
   */
  private idleAfterHold(version: number, outcomeAtMs: number): void {
    this.cancelDelayedView = this.clock.at(outcomeAtMs + OUTCOME_HOLD_MS, () => {
      this.cancelDelayedView = null;
      if (version === this.version) this.emit(customerViewOf(null, this.shop(), noLogos));
    });
  }

  /** Emits a view now, or a wait screen once WAIT_SCREEN_DELAY_MS passed without a newer view. */
  private show(view: CustomerView, orderId: string): void {
    if (!waitPhases.has(view.phase)) {
      this.emit(view);
      return;
    }
    const version = this.version;
    const key = `${orderId}|${view.phase}`;
    const since = this.waitSince?.key === key ? this.waitSince.atMs : this.clock.now();
    this.waitSince = { key, atMs: since };
    if (this.clock.now() - since >= WAIT_SCREEN_DELAY_MS) {
      this.emit(view);
      return;
    }
    this.cancelDelayedView?.();
    this.cancelDelayedView = this.clock.at(since + WAIT_SCREEN_DELAY_MS, () => {
      this.cancelDelayedView = null;
      if (version === this.version) this.emit(view);
    });
  }

  /** The shop's name, logo, demo mode or sound changed: every screen shows it. */
  refresh(): void {
    this.emit({ ...this.latest, ...this.shop() });
  }

  private emit(view: CustomerView): void {
    this.latest = view;
    this.publish(view);
  }
}

const noLogos: CustomerLogos = { chainLogo: null, assetLogo: null };

function sameLogos(a: CustomerLogos, b: CustomerLogos): boolean {
  return a.chainLogo === b.chainLogo && a.assetLogo === b.assetLogo;
}

import type { Clock } from '../../shared/clock';
import type { Events } from '../../shared/ipc/contract';
import type { EventSink } from '../../shared/ipc/contract-kit';
import type { SaleSnapshot } from '../../shared/sale/sale-snapshot';
import type { Settings } from '../../shared/settings';
import type { OrderJournal } from '../journal/order-journal';
import type { Logger } from '../logging/logger';
import { SaleService } from '../sale/sale-service';
import type { Catalogue } from '../catalogue/catalogue';
import { CountdownTicker } from '../customer-display/countdown-ticker';
import { CustomerViewPublisher } from '../customer-display/customer-view-publisher';
import { ShopFaceSource } from '../customer-display/shop-face';
import type { ServiceConnection } from '../connection/service-connection';

export interface SaleWiringParts {
  clock: Clock;
  logger: Logger;
  journal: OrderJournal;
  connection: ServiceConnection;
  catalogue: Catalogue;
  settings: () => Settings;
  send: EventSink<Events>;
  /** An https shop logo as a data: URL (the bounded logo fetcher). */
  downloadLogo: (url: string) => Promise<string | null>;
  /** The staff member at the till, for the journal. */
  actor: () => string | null;
  /** The shift open now, for each new order. */
  shiftId: () => number | null;
}

export interface SaleWiring {
  sale: SaleService;
  /** What the customer display shows; told again when the shop name changes. */
  customer: CustomerViewPublisher;
  ticker: CountdownTicker;
}

/**
 * The sale and everything that follows it: the service calls go through the connection's
 * current client, each change drives the countdown, the customer display and the cashier
 * page, and a sale the till was in when it stopped is recovered from the journal.
 */
export async function wireSale(parts: SaleWiringParts): Promise<SaleWiring> {
  const { clock, logger, journal, connection, catalogue, settings, send } = parts;
  const sale = new SaleService({
    journal,
    clock,
    logger,
    actor: parts.actor,
    shiftId: parts.shiftId,
    client: {
      createPaymentLink: (request, asset) => connection.client().createPaymentLink(request, asset),
      submitNfcPayment: (request) => connection.client().submitNfcPayment(request),
    },
    terms: () => {
      const current = settings();
      const demo = connection.mode().kind === 'demo';
      return {
        serialNumber: current.serialNumber || (demo ? 'DEMO-TILL' : ''),
        currency: current.currency,
        feeValue: current.feeValue,
        rateTolerancePercent: current.rateTolerancePercent,
      };
    },
  });

  const ticker = new CountdownTicker(clock, (nowMs) => send('clock-tick', { nowMs }));
  const shop = new ShopFaceSource({
    settings,
    isDemo: () => connection.mode().kind === 'demo',
    download: parts.downloadLogo,
    onLoaded: () => customer.refresh(),
  });
  const customer = new CustomerViewPublisher(
    clock,
    () => shop.current(),
    (snapshot) => catalogue.logosFor(snapshot.chainId, snapshot.asset),
    (view) => send('customer-view', view),
  );
  send('customer-view', customer.current());
  // The customer's screen is told first (after the tick its countdown starts from): the
  // customer is the one waiting to scan, and both pages share the till's two cores.
  const saleChanged = (snapshot: SaleSnapshot | null) => {
    const counting =
      snapshot && !snapshot.terminal && snapshot.expiry?.kind === 'known'
        ? snapshot.expiry.atMs
        : null;
    ticker.runUntil(counting);
    void customer.saleChanged(snapshot);
    send('sale-changed', snapshot);
  };
  sale.onChange(saleChanged);
  saleChanged(await sale.recover());
  return { sale, customer, ticker };
}

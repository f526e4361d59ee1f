import { paidStates } from '../../shared/sale/sale-states';
import type { SaleSnapshot } from '../../shared/sale/sale-snapshot';

/** Where a link's rate is learnt: the rate book's 'last-link' source. */
interface LinkRateSink {
  recordLinkRate(asset: string, chainId: string | null, rateUsd: string, atMs: number): void;
}

/**
 * The sale a link rate may be learnt from, as it changes (docs/pricing.md: Rate sources).
 * Only a rate the shop accepted becomes a price: the link's sale was paid, or the cashier chose
 * its amount after the second opinion questioned it. A link cancelled, expired or left waiting
 * teaches nothing, so a rate the cashier turned down never prices the next sale.
 */
export function learnAcceptedLinkRates(
  sink: LinkRateSink,
  now: () => number,
): (snapshot: SaleSnapshot | null) => void {
  let learntOrder: string | null = null;
  // The order whose amount the second opinion questioned, until the cashier decides.
  let questionedOrder: string | null = null;
  // When the link of the order on screen came back: its rate is as old as that, not as the
  // moment the cashier accepted it or the customer paid.
  let linkSeen: { orderId: string; atMs: number } | null = null;
  return (snapshot) => {
    if (!snapshot?.link || !snapshot.asset || snapshot.orderId === learntOrder) return;
    if (linkSeen?.orderId !== snapshot.orderId)
      linkSeen = { orderId: snapshot.orderId, atMs: now() };
    if (snapshot.state === 'amount-differs') {
      questionedOrder = snapshot.orderId;
      return;
    }
    const acceptedAfterQuestion =
      snapshot.state === 'awaiting-payment' && snapshot.orderId === questionedOrder;
    if (!acceptedAfterQuestion && !paidStates.has(snapshot.state)) return;
    learntOrder = snapshot.orderId;
    sink.recordLinkRate(snapshot.asset, snapshot.chainId, snapshot.link.rateUsd, linkSeen.atMs);
  };
}

import type { Asset } from '../../shared/wire/asset';
import type { GenerateQrRequest } from '../../shared/wire/requests';
import type { OrderLink, OrderRecord } from '../journal/order-record';
import type { CheckedPaymentLink } from '../service-client/checked-payment-link';

/**
 * A QR order between the journal and the wire. The journal holds the parsed request, so the
 * body rebuilt from it (a retry, also after a restart) is the body first sent.
 */

/** The generate_qr body of a journaled QR order. */
export function qrRequestOf(record: OrderRecord): GenerateQrRequest {
  return {
    order_id: record.orderId,
    amount: record.amount,
    asset: record.asset ?? '',
    chain_id: record.chainId ?? '',
    currency: record.currency,
    fee_value: record.fee,
    serial_number: record.serialNumber,
  };
}

/** The asset as the client needs it to check the link, rebuilt from the journal (also after a restart). */
export function assetOf(record: OrderRecord): Asset {
  return {
    asset: record.asset ?? '',
    chain: record.chainName ?? '',
    chain_id: Number(record.chainId ?? '0'),
    decimal: record.assetDecimals ?? 0,
    logo: '',
  };
}

/** The checked link as the journal keeps it. */
export function orderLinkOf(link: CheckedPaymentLink): OrderLink {
  const expiry = link.expiry;
  return {
    qrUrl: link.qrUrl,
    rateUsd: String(link.rateUsd),
    expireAtRaw: link.expireAtRaw,
    expiresAtMs: expiry.kind === 'known' ? expiry.atMs : null,
    expiryKnown: expiry.kind === 'known',
    expiryNote: expiry.kind === 'unknown' ? expiry.reason : null,
    linkAmount: link.linkAmount,
    amountMatches: link.amountMatches,
  };
}

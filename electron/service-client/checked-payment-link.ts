import { readExpireAt, type Expiry } from '../../shared/expire-at';
import { addAmounts, compareAmounts } from '../../shared/money';
import { checkPaymentLink } from '../../shared/payment-link-check';
import type { Asset } from '../../shared/wire/asset';
import type { PaymentLinkResult } from '../../shared/wire/payment-link';
import type { GenerateQrRequest } from '../../shared/wire/requests';

/** A generate_qr answer that passed every check and may be shown as a QR code. */
export interface CheckedPaymentLink {
  qrUrl: string;
  rateUsd: number;
  expireAtRaw: string;
  expiry: Expiry;
  /** The link's own transaction_amount, canonical: what the wallet will ask for (docs/payment-service.md: Payment link). */
  linkAmount: string;
  /** amount + fee_value as requested. */
  requestedTotal: string;
  /** Whether linkAmount equals requestedTotal by value; if not, the cashier is told first. */
  amountMatches: boolean;
  /** Clock time the request was sent; the expiry is read relative to it. */
  sentAtMs: number;
}

export interface LinkContext {
  request: GenerateQrRequest;
  asset: Asset;
  sentAtMs: number;
  serviceTimeZone: string;
  allowLoopbackHttp: boolean;
  allowedHosts?: readonly string[];
}

export type LinkOutcome = { ok: true; link: CheckedPaymentLink } | { ok: false; reason: string };

export function checkLinkResult(result: PaymentLinkResult, context: LinkContext): LinkOutcome {
  const check = checkPaymentLink(result.qr_url, {
    orderId: context.request.order_id,
    chainId: context.request.chain_id,
    decimals: context.asset.decimal,
    allowLoopbackHttp: context.allowLoopbackHttp,
    ...(context.allowedHosts ? { allowedHosts: context.allowedHosts } : {}),
  });
  if (!check.ok) return { ok: false, reason: check.reason };
  const requestedTotal = addAmounts(context.request.amount, context.request.fee_value);
  return {
    ok: true,
    link: {
      qrUrl: check.href,
      rateUsd: result.rate_usd,
      expireAtRaw: result.expire_at,
      expiry: readExpireAt(result.expire_at, {
        sentAtMs: context.sentAtMs,
        timeZone: context.serviceTimeZone,
      }),
      linkAmount: check.amount,
      requestedTotal,
      amountMatches: compareAmounts(check.amount, requestedTotal) === 0,
      sentAtMs: context.sentAtMs,
    },
  };
}

import type { Expiry } from '../../shared/expire-at';
import { addAmounts, compareAmounts } from '../../shared/money';
import type { ServiceErrorKind, ServiceFailure } from '../../shared/service-errors';
import type { Asset } from '../../shared/wire/asset';
import type { GenerateNfcRequest, GenerateQrRequest } from '../../shared/wire/requests';
import type { SalePaymentClient } from '../../electron/sale/sale-client-port';
import type { CheckedPaymentLink } from '../../electron/service-client/checked-payment-link';
import { ServiceError } from '../../electron/service-client/service-error';

interface Pending<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

export interface QrCall extends Pending<CheckedPaymentLink> {
  request: GenerateQrRequest;
  asset: Asset;
}

export interface NfcCall extends Pending<'success'> {
  request: GenerateNfcRequest;
}

/**
 * A PaymentServiceClient double for the sale's unit tests: every call waits until the test
 * answers it (resolve/reject), so "what was journaled while the request was out" is testable.
 */
export class FakeSaleClient implements SalePaymentClient {
  readonly qrCalls: QrCall[] = [];
  readonly nfcCalls: NfcCall[] = [];
  /** Runs synchronously when a call arrives, before it can be answered. */
  onCall: ((endpoint: 'generate_qr' | 'generate_nfc', orderId: string) => void) | null = null;

  createPaymentLink(request: GenerateQrRequest, asset: Asset): Promise<CheckedPaymentLink> {
    return new Promise((resolve, reject) => {
      this.qrCalls.push({ request: { ...request }, asset, resolve, reject });
      this.onCall?.('generate_qr', request.order_id);
    });
  }

  submitNfcPayment(request: GenerateNfcRequest): Promise<'success'> {
    return new Promise((resolve, reject) => {
      this.nfcCalls.push({ request: { ...request }, resolve, reject });
      this.onCall?.('generate_nfc', request.order_id);
    });
  }

  lastQr(): QrCall {
    const call = this.qrCalls.at(-1);
    if (!call) throw new Error('no generate_qr call yet');
    return call;
  }

  lastNfc(): NfcCall {
    const call = this.nfcCalls.at(-1);
    if (!call) throw new Error('no generate_nfc call yet');
    return call;
  }
}

export function serviceError(
  kind: ServiceErrorKind,
  extra: Partial<ServiceFailure> = {},
): ServiceError {
  return new ServiceError({ kind, message: `fake ${kind}`, ...extra });
}

/** A checked link as the real client would return it for `request`. */
export function linkFor(
  request: GenerateQrRequest,
  options: { sentAtMs: number; expiry?: Expiry; linkAmount?: string; rateUsd?: number },
): CheckedPaymentLink {
  const requestedTotal = addAmounts(request.amount, request.fee_value);
  const linkAmount = options.linkAmount ?? requestedTotal;
  const expiry: Expiry = options.expiry ?? {
    kind: 'known',
    atMs: options.sentAtMs + 15 * 60_000,
    order: 'day-first',
  };
  return {
    qrUrl: `https://wallet.example/qr-scan?&order_id=${request.order_id}&transaction_amount=${linkAmount}&act=DEPOSIT&chain_id=${request.chain_id}`,
    rateUsd: options.rateUsd ?? 0.99985,
    expireAtRaw: expiry.kind === 'unknown' ? expiry.raw : '22/11/2026 09:15:00',
    expiry,
    linkAmount,
    requestedTotal,
    amountMatches: compareAmounts(linkAmount, requestedTotal) === 0,
    sentAtMs: options.sentAtMs,
  };
}

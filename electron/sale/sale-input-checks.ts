import { checkAmount, checkFee, MAX_DECIMALS } from '../../shared/money';
import { linkShownStates } from '../../shared/sale/sale-states';
import {
  generateQrRequestSchema,
  nfcOrderAwaitingTapSchema,
  type GenerateQrRequest,
  type GenerateQrRequestInput,
  type NfcOrderAwaitingTap,
} from '../../shared/wire/requests';
import type { OrderRecord } from '../journal/order-record';
import { cannotBeSent, invalidSale } from './sale-refusals';
import type { NfcSaleRequest, QrSaleRequest, SaleTerms } from './sale-requests';

/**
 * The cashier's input, checked before any order exists. Amounts come back canonical
 * (`12.50` → `12.5`); a request body comes back as its schema's parse, which is what is
 * journaled and sent (docs/payment-service.md: Types on the wire).
 */

/** A QR sale's amount and fee, checked against the asset; the asset must be of the chain. */
export function checkQrSale(
  request: QrSaleRequest,
  terms: SaleTerms,
): { amount: string; fee: string } {
  const amount = checkAmount(request.amount, request.asset.decimal);
  if (!amount.ok) throw invalidSale(amount.reason);
  if (request.asset.chain_id !== request.chain.chain_id) {
    throw invalidSale('The asset does not belong to the chosen chain.');
  }
  // A price in money brings its own fee, worked out from the percentage and fixed part.
  const fee = checkFee(request.priced?.feeValue ?? terms.feeValue, request.asset.decimal);
  if (!fee.ok) throw invalidSale(fee.reason);
  return { amount: amount.value, fee: fee.value };
}

/** An NFC sale's amount; without an asset, any decimals the service could take. */
export function checkNfcAmount(request: NfcSaleRequest): string {
  const amount = checkAmount(request.amount, request.asset?.decimal ?? MAX_DECIMALS);
  if (!amount.ok) throw invalidSale(amount.reason);
  return amount.value;
}

/**
 * A second press of "QR sale" for the sale whose link is already shown: the same amount, fee,
 * asset and chain. The link asks for amount plus fee, so a press with another fee is another sale.
 */
export function isSameQrSale(open: OrderRecord, request: QrSaleRequest): boolean {
  const amount = checkAmount(request.amount, request.asset.decimal);
  return (
    open.kind === 'qr' &&
    linkShownStates.has(open.state) &&
    amount.ok &&
    open.amount === amount.value &&
    sameFee(open, request) &&
    open.asset === request.asset.asset &&
    open.chainId === String(request.chain.chain_id)
  );
}

/**
 * A price in money brings its own fee, compared with the open sale's. An amount in asset units
 * takes the settings' fee (as checkQrSale does), which this press does not carry: it is taken
 * as the open sale's only when that sale had the settings' fee too, i.e. was not priced in money.
 */
function sameFee(open: OrderRecord, request: QrSaleRequest): boolean {
  if (!request.priced) return open.pricing === null;
  const fee = checkFee(request.priced.feeValue, request.asset.decimal);
  return fee.ok && open.fee === fee.value;
}

/** A second press of "NFC sale" for the sale that already waits for a tap. */
export function isSameNfcSale(open: OrderRecord, request: NfcSaleRequest): boolean {
  const amount = checkAmount(request.amount, request.asset?.decimal ?? MAX_DECIMALS);
  return (
    open.kind === 'nfc' &&
    open.state === 'waiting-for-tap' &&
    amount.ok &&
    open.amount === amount.value &&
    open.asset === (request.asset?.asset ?? null)
  );
}

/** The generate_qr body as it will be journaled and sent, or the refusal. */
export function parseQrRequest(input: GenerateQrRequestInput): GenerateQrRequest {
  const parsed = generateQrRequestSchema.safeParse(input);
  if (!parsed.success) throw cannotBeSent(parsed.error);
  return parsed.data;
}

/** The generate_nfc body without its token (there is none before the tap), or the refusal. */
export function parseNfcOrder(input: NfcOrderAwaitingTap): NfcOrderAwaitingTap {
  const parsed = nfcOrderAwaitingTapSchema.safeParse(input);
  if (!parsed.success) throw cannotBeSent(parsed.error);
  return parsed.data;
}

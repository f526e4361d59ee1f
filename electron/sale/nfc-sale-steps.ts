import type { OrderPricing } from '../../shared/pricing/pricing-types';
import type { Asset } from '../../shared/wire/asset';
import { nfcTokenInputSchema, type GenerateNfcRequest } from '../../shared/wire/requests';
import type { OrderRecord } from '../journal/order-record';
import { recordRequestFailure } from './record-request-failure';
import { parseNfcOrder } from './sale-input-checks';
import type { SaleParts } from './sale-parts';
import type { SaleSnapshot } from './sale-snapshot';
import type { UsedTokens } from './used-tokens';

/**
 * The NFC order's life: journaled as waiting-for-tap with everything generate_nfc will carry
 * but the token; a tap's token parsed, used once, and sent; the service's "success" recorded.
 * The token is never journaled (docs/payment-service.md: NFC payment).
 */

const NOT_A_TOKEN =
  'The phone sent something that is not a payment token; nothing was sent. Ask the customer to tap again.';
const TOKEN_USED =
  'This payment token was already used; nothing was sent. Ask the customer to tap again for a new one.';

/** Makes the order that waits for the customer's tap. */
export function createNfcOrder(
  parts: SaleParts,
  sale: { amount: string; asset: Asset | undefined; pricing: OrderPricing | null },
): SaleSnapshot {
  const terms = parts.terms();
  const now = parts.clock.now();
  const identity = parts.newOrderId(now);
  const order = parseNfcOrder({
    order_id: identity.orderId,
    amount: sale.amount,
    token: null,
    serial_number: terms.serialNumber,
  });
  const record = parts.journal.createOrder(
    {
      orderId: order.order_id,
      reference: identity.reference,
      kind: 'nfc',
      state: 'waiting-for-tap',
      amount: order.amount,
      // generate_nfc carries no fee: the journal says what was sent.
      fee: '0',
      asset: sale.asset?.asset ?? null,
      assetDecimals: sale.asset?.decimal ?? null,
      chainId: sale.asset ? String(sale.asset.chain_id) : null,
      chainName: sale.asset?.chain ?? null,
      currency: terms.currency,
      serialNumber: order.serial_number,
      createdAtMs: now,
      replacesOrderId: null,
      pricing: sale.pricing,
      cashierId: parts.actor(),
      shiftId: parts.shiftId(),
    },
    { atMs: now, reasonKind: 'cashier', detail: { action: 'start-nfc-sale' } },
  );
  return parts.active.show(record);
}

/** Why the sale would not send a tap's token: nothing was sent, nothing journaled. */
export type NfcTapRefusal =
  /** The order the card arrived for is not the one waiting for a tap now (or none waits). */
  | 'sale-changed'
  /** This token was sent once already in this run (docs/payment-service.md: NFC payment). */
  | 'already-used'
  /** Not UUID-shaped: no wallet token. */
  | 'not-a-token';

/** What the sale did with a tap's token, decided before the call returns. */
export type NfcTapVerdict =
  /**
   * The order is journaled as submitting and generate_nfc has left; `answered` settles with
   * the sale as the service's answer (or its absence) left it.
   */
  | { kind: 'sent'; answered: Promise<SaleSnapshot> }
  | { kind: 'refused'; refusal: NfcTapRefusal }
  /** The tap could not be recorded (the journal refused): nothing was sent. */
  | { kind: 'not-sent'; message: string };

/**
 * A tap's token for the order waiting for it (the facade has checked it is the order the card
 * arrived for). A malformed or already used token is refused with a notice and nothing is
 * sent. Everything up to the request leaving happens in this one synchronous call, and the
 * order leaves waiting-for-tap before the request is awaited, so no other tap can slip in
 * between the check and the send, and two taps racing cannot both be sent. Throws only when
 * the journal refuses the step to submitting; the token is then not spent.
 */
export function submitTap(
  parts: SaleParts,
  usedTokens: UsedTokens,
  waiting: OrderRecord,
  read: unknown,
): NfcTapVerdict {
  const token = nfcTokenInputSchema.safeParse(read);
  if (!token.success) {
    parts.active.show(waiting, NOT_A_TOKEN);
    return { kind: 'refused', refusal: 'not-a-token' };
  }
  if (usedTokens.has(token.data)) {
    parts.active.show(waiting, TOKEN_USED);
    return { kind: 'refused', refusal: 'already-used' };
  }
  const submitting = parts.journal.transition({
    orderId: waiting.orderId,
    from: 'waiting-for-tap',
    to: 'submitting',
    atMs: parts.clock.now(),
    reasonKind: 'client',
    detail: { action: 'nfc-tap' },
    patch: { countAttempt: true, lastFailure: null },
  });
  // Spent once journaled, before it leaves: whatever the answer, it is not sent again.
  usedTokens.add(token.data);
  parts.active.show(submitting);
  // Every field is a parse's output: the order's when it was made (journaled), the token's now.
  const request: GenerateNfcRequest = {
    order_id: submitting.orderId,
    amount: submitting.amount,
    token: token.data,
    serial_number: submitting.serialNumber,
  };
  return { kind: 'sent', answered: parts.active.track(sendNfc(parts, submitting, request)) };
}

async function sendNfc(
  parts: SaleParts,
  record: OrderRecord,
  request: GenerateNfcRequest,
): Promise<SaleSnapshot> {
  try {
    await parts.client.submitNfcPayment(request);
  } catch (error) {
    return recordRequestFailure(parts, record, 'submitting', error);
  }
  const updated = parts.journal.transition({
    orderId: record.orderId,
    from: 'submitting',
    to: 'accepted-by-service',
    atMs: parts.clock.now(),
    reasonKind: 'service',
    detail: { note: 'the service answered "success"' },
  });
  return parts.active.show(updated);
}

import { findAsset, type SandboxAsset, type SandboxChain } from './catalogue';
import { checkDecimal } from './decimal-field';
import {
  bad,
  checkChainId,
  checkFieldTypes,
  checkOrderId,
  checkSerial,
  type Checked,
} from './field-checks';

/**
 * Validation of the two POST bodies (API 4.3, 4.4) as docs/payment-service.md reads them. The sandbox keeps
 * its own rules instead of reusing the app's (shared/), so a bug there cannot hide itself
 * here: the sandbox is the app's peer, not its mirror. Unknown fields are ignored, as a
 * lenient server would. The checks of single fields are in field-checks.ts and
 * decimal-field.ts.
 */

export interface QrOrderRequest {
  orderId: string;
  /** Canonical decimal text (no leading zeros, no trailing fraction zeros). */
  amount: string;
  feeValue: string;
  chain: SandboxChain;
  asset: SandboxAsset;
  currency: string;
  serialNumber: string;
}

export interface NfcPaymentRequest {
  orderId: string;
  amount: string;
  /** Lower case. */
  token: string;
  serialNumber: string;
}

const qrFields = [
  'order_id',
  'amount',
  'asset',
  'chain_id',
  'currency',
  'fee_value',
  'serial_number',
] as const;

export function checkQrRequest(body: Record<string, unknown>): Checked<QrOrderRequest> {
  const typeError = checkFieldTypes(body, qrFields);
  if (typeError) return typeError;
  // Types were checked above; these casts only narrow for the compiler.
  const text = (field: string) => body[field] as string;

  const orderId = checkOrderId(text('order_id'));
  if (!orderId.ok) return orderId;
  const chain = checkChainId(body.chain_id as string | number);
  if (!chain.ok) return chain;
  const asset = findAsset(chain.value, text('asset'));
  if (!asset) {
    return bad(
      'UNKNOWN_ASSET',
      `Asset ${text('asset')} is not available on ${chain.value.name}.`,
      'asset',
    );
  }
  const assetLabel = `${asset.symbol} on ${chain.value.name}`;
  const amount = checkDecimal(text('amount'), {
    field: 'amount',
    code: 'INVALID_AMOUNT',
    allowZero: false,
    maxDecimals: asset.decimals,
    assetLabel,
  });
  if (!amount.ok) return amount;
  const fee = checkDecimal(text('fee_value'), {
    field: 'fee_value',
    code: 'INVALID_FEE',
    allowZero: true,
    maxDecimals: asset.decimals,
    assetLabel,
  });
  if (!fee.ok) return fee;
  const currency = text('currency');
  if (!/^[A-Z]{3,5}$/.test(currency)) {
    return bad(
      'INVALID_CURRENCY',
      'currency must be an upper-case currency code such as USD.',
      'currency',
    );
  }
  const serial = checkSerial(text('serial_number'));
  if (!serial.ok) return serial;
  return {
    ok: true,
    value: {
      orderId: orderId.value,
      amount: amount.value,
      feeValue: fee.value,
      chain: chain.value,
      asset,
      currency,
      serialNumber: serial.value,
    },
  };
}

const nfcFields = ['order_id', 'amount', 'token', 'serial_number'] as const;
const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** NFC requests name no asset; the widest decimals any asset may have bounds the amount. */
const NFC_MAX_DECIMALS = 36;

export function checkNfcRequest(body: Record<string, unknown>): Checked<NfcPaymentRequest> {
  const typeError = checkFieldTypes(body, nfcFields);
  if (typeError) return typeError;
  const text = (field: string) => body[field] as string;

  const orderId = checkOrderId(text('order_id'));
  if (!orderId.ok) return orderId;
  const amount = checkDecimal(text('amount'), {
    field: 'amount',
    code: 'INVALID_AMOUNT',
    allowZero: false,
    maxDecimals: NFC_MAX_DECIMALS,
  });
  if (!amount.ok) return amount;
  const token = text('token');
  if (!uuidShape.test(token)) {
    return bad(
      'INVALID_TOKEN',
      'token must be UUID-shaped (8-4-4-4-12 hexadecimal digits).',
      'token',
    );
  }
  const serial = checkSerial(text('serial_number'));
  if (!serial.ok) return serial;
  return {
    ok: true,
    value: {
      orderId: orderId.value,
      amount: amount.value,
      token: token.toLowerCase(),
      serialNumber: serial.value,
    },
  };
}

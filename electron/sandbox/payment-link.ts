import Big from 'big.js';
import type { QrOrderRequest } from './request-validation';
import type { FaultRule } from './fault-rules';

/**
 * Builds `qr_url` in the shape API 2.4 gives ({app_url}/qr-scan?&order_id=...), with the
 * sandbox's own origin as app_url. A `link` fault bends one part of it so the app's link
 * check (docs/payment-service.md: Payment link) has something to refuse.
 */

export interface LinkParts {
  orderId: string;
  contractAddress: string;
  currencyAddress: string;
  transactionAmount: string;
  act: string;
  chainId: string;
  decimal: string;
}

/** amount + fee_value, exact; toFixed() never switches to exponent notation. */
export function totalOf(amount: string, feeValue: string): string {
  return new Big(amount).plus(feeValue).toFixed();
}

export function linkPartsOf(order: QrOrderRequest, total: string): LinkParts {
  return {
    orderId: order.orderId,
    contractAddress: order.chain.depositContract,
    currencyAddress: order.asset.contractAddress,
    transactionAmount: total,
    act: 'DEPOSIT',
    chainId: String(order.chain.chainId),
    decimal: String(order.asset.decimals),
  };
}

/** Where a bad `http-link` points: plain http to a host that is not loopback. */
const NON_LOOPBACK_APP_URL = 'http://pay.sandbox.example/app';

export function bendLink(
  parts: LinkParts,
  appUrl: string,
  link: NonNullable<FaultRule['link']>,
): { parts: LinkParts; appUrl: string } {
  switch (link) {
    case 'wrong-order':
      return { parts: { ...parts, orderId: `${parts.orderId}-other` }, appUrl };
    case 'wrong-chain':
      return { parts: { ...parts, chainId: String(Number(parts.chainId) + 1) }, appUrl };
    case 'wrong-act':
      return { parts: { ...parts, act: 'WITHDRAW' }, appUrl };
    case 'http-link':
      return { parts, appUrl: NON_LOOPBACK_APP_URL };
    case 'amount-mismatch':
      return {
        parts: { ...parts, transactionAmount: new Big(parts.transactionAmount).plus(1).toFixed() },
        appUrl,
      };
    case 'bad-decimal':
      return { parts: { ...parts, decimal: String(Number(parts.decimal) + 1) }, appUrl };
  }
}

export function qrUrlOf(appUrl: string, parts: LinkParts): string {
  const q = encodeURIComponent;
  return (
    `${appUrl}/qr-scan?&order_id=${q(parts.orderId)}&contract_address=${q(parts.contractAddress)}` +
    `&currency_address=${q(parts.currencyAddress)}&transaction_amount=${q(parts.transactionAmount)}` +
    `&act=${q(parts.act)}&chain_id=${q(parts.chainId)}&decimal=${q(parts.decimal)}`
  );
}

import Big from 'big.js';
import type { OrderRecord } from '../journal/order-record';
import type {
  AssetTotal,
  CurrencyTotal,
  NetAssetTotal,
  NetCurrencyTotal,
  Takings,
} from '../../shared/shifts/shift-report-types';
import { compareText, totalsOf } from './shift-totals';

/**
 * The money of a report's window by when it moved (`Takings`): `received` are the orders that
 * reached a paid state in the window (each in that state), `voided` the payments voided in it.
 * Exact: the sums are decimal texts, the differences big.js, never a JavaScript number.
 */
export function takingsOf(
  received: readonly OrderRecord[],
  voided: readonly OrderRecord[],
): Takings {
  const receivedTotals = totalsOf(received);
  const voidedTotals = totalsOf(voided);
  return {
    received: receivedTotals,
    voided: voidedTotals,
    net: {
      byAsset: netByAsset(receivedTotals.byAsset, voidedTotals.byAsset),
      byCurrency: netByCurrency(receivedTotals.byCurrency, voidedTotals.byCurrency),
    },
    byConfirmation: {
      service: totalsOf(received.filter((order) => order.state === 'accepted-by-service')),
      cashier: totalsOf(received.filter((order) => order.state !== 'accepted-by-service')),
    },
  };
}

const minus = (a: string, b: string) => new Big(a).minus(b).toFixed();
const assetKey = (row: Pick<AssetTotal, 'chainName' | 'chainId' | 'asset'>) =>
  JSON.stringify([row.chainName, row.chainId, row.asset]);

function netByAsset(
  received: readonly AssetTotal[],
  voided: readonly AssetTotal[],
): NetAssetTotal[] {
  const net = new Map<string, NetAssetTotal>();
  for (const row of received) {
    const { chainId, chainName, asset, amount, fee } = row;
    net.set(assetKey(row), { chainId, chainName, asset, amount, fee });
  }
  for (const row of voided) {
    const { chainId, chainName, asset } = row;
    const before = net.get(assetKey(row)) ?? { chainId, chainName, asset, amount: '0', fee: '0' };
    net.set(assetKey(row), {
      ...before,
      amount: minus(before.amount, row.amount),
      fee: minus(before.fee, row.fee),
    });
  }
  return [...net.values()].sort(
    (a, b) =>
      compareText(a.chainName, b.chainName) ||
      compareText(a.asset, b.asset) ||
      compareText(a.chainId, b.chainId),
  );
}

function netByCurrency(
  received: readonly CurrencyTotal[],
  voided: readonly CurrencyTotal[],
): NetCurrencyTotal[] {
  const net = new Map<string, NetCurrencyTotal>();
  for (const { currency, amount, fee, total } of received)
    net.set(currency, { currency, amount, fee, total });
  for (const row of voided) {
    const before = net.get(row.currency) ?? {
      currency: row.currency,
      amount: '0',
      fee: '0',
      total: '0',
    };
    net.set(row.currency, {
      currency: row.currency,
      amount: minus(before.amount, row.amount),
      fee: minus(before.fee, row.fee),
      total: minus(before.total, row.total),
    });
  }
  return [...net.values()].sort((a, b) => compareText(a.currency, b.currency));
}

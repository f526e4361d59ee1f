import type { SaleState } from '../sale/sale-states';

export interface Period {
  /** First instant of the period (inclusive), ms since the epoch. */
  fromMs: number;
  /** First instant after the period (exclusive). */
  toMs: number;
  /** First and last local day, 'YYYY-MM-DD', both inclusive. */
  fromDate: string;
  toDate: string;
  timeZone: string;
}

export interface ChainAssetTotal {
  chainId: string | null;
  chainName: string | null;
  /** Null for NFC orders taken without an asset. */
  asset: string | null;
  /** Every order of the period, whatever its state. */
  count: number;
  amount: string;
  fee: string;
  /** Only the orders in takenStates. */
  takenCount: number;
  takenAmount: string;
  takenFee: string;
}

interface StateTotal {
  state: SaleState;
  count: number;
}

export interface ChainAssetStateTotal {
  chainId: string | null;
  chainName: string | null;
  asset: string | null;
  state: SaleState;
  count: number;
  amount: string;
  fee: string;
}

/** What was taken in one currency: each paid order at its own recorded price (fee included). */
interface MoneyTotal {
  currency: string;
  takenCount: number;
  takenTotal: string;
}

/**
 * A payment a manager voided afterwards: no longer in what was taken, listed so the money
 * given back (or never kept) is accounted for.
 */
export interface VoidedPayment {
  orderId: string;
  reference: string;
  kind: 'qr' | 'nfc';
  createdAtMs: number;
  voidedAtMs: number;
  /** The paid state it was voided from. */
  paidState: SaleState;
  amount: string;
  fee: string;
  asset: string | null;
  chainName: string | null;
  money: { currency: string; amount: string; fee: string } | null;
  /** Who voided it; null name for nobody signed in or a removed person. */
  voidedBy: { staffId: string | null; name: string | null };
  reason: string;
}

/** "What did we take today?": totals of the orders created in a period. Amounts are exact decimal text. */
export interface PeriodReport {
  period: Period;
  orderCount: number;
  /** Taken in money, per shop currency; orders typed in asset units are not converted. */
  money: MoneyTotal[];
  /** Orders taken that carry no price in money (typed in asset units, or older). */
  takenWithoutMoney: number;
  byChainAsset: ChainAssetTotal[];
  byState: StateTotal[];
  byChainAssetState: ChainAssetStateTotal[];
  /** Orders of the period whose payment was voided, oldest void first. */
  voidedPayments: VoidedPayment[];
}

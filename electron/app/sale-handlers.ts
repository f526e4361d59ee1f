import type { Clock } from '../../shared/clock';
import type { Calls, SaleStepCall } from '../../shared/ipc/contract';
import type { CallHandlers } from '../../shared/ipc/contract-kit';
import type { Settings } from '../../shared/settings';
import type { Asset } from '../../shared/wire/asset';
import type { RateBook } from '../rates/rate-book';
import { checkAmount } from '../../shared/money';
import { invalidSale } from '../sale/sale-refusals';
import type { MoneyPricing } from '../sale/sale-requests';
import type { SaleService } from '../sale/sale-service';
import type { Catalogue } from '../catalogue/catalogue';
import { amountEntryRefusal, type AmountGiven } from '../rates/amount-entry-rule';
import { quoteMoneySale } from '../rates/sale-pricing';
import type { AuditFields } from '../staff/audit-trail';
import type { CallAuthorization } from './staff-guard';

/**
 * The one active sale. The page names a chain and an asset; the catalogue turns them into
 * the service's own Chain and Asset before the sale sees them.
 */
/** A price per asset unit typed at the till: as precise as any rate a provider gives. */
const MAX_PRICE_DECIMALS = 18;

export function saleHandlers(parts: {
  sale: SaleService;
  catalogue: Catalogue;
  rates: RateBook;
  settings: () => Settings;
  clock: Clock;
  /** The audit trail: a price typed by hand, a payment recorded after all. */
  audit: (action: string, fields: AuditFields) => void;
  /** An order's state now (before an act changes it), null when there is no such order. */
  orderState: (orderId: string) => string | null;
}): Pick<
  CallHandlers<Calls>,
  | 'currentSale'
  | 'startQrSale'
  | 'startNfcSale'
  | 'quotePrice'
  | 'manualPrices'
  | 'setManualPrice'
  | 'markPaidAfterAll'
  | SaleStepCall
> {
  const { sale, catalogue, rates, audit } = parts;
  const who = (authorization?: CallAuthorization) => ({
    actorId: authorization?.actorId ?? null,
    approverId: authorization?.approverId ?? null,
  });
  /** A price in money as the asset amount and its pricing, or the refusal in words. */
  const priced = (
    money: string,
    asset: Asset,
    link: 'qr' | 'nfc',
  ): { amount: string } & MoneyPricing => {
    const quote = quoteMoneySale(rates, parts.settings(), money, asset, parts.clock.now(), link);
    if (!quote.ok) throw invalidSale(quote.reason);
    return { amount: quote.amount, feeValue: quote.feeValue, pricing: quote.pricing };
  };
  /**
   * Refuses a sale given in a way the till's amount entry does not allow. (A sale with no shift
   * open where one is required is refused as its order is journaled: app-services.ts.)
   */
  const requireEntry = (given: AmountGiven) => {
    const refusal = amountEntryRefusal(parts.settings(), given);
    if (refusal) throw invalidSale(refusal);
  };
  return {
    currentSale: async () => sale.current(),
    startQrSale: async (args) => {
      requireEntry('amount' in args ? 'asset' : 'money');
      const { chain, asset } = await catalogue.resolve(args.chainId, args.asset);
      if ('amount' in args) return sale.startQrSale({ amount: args.amount, chain, asset });
      const { amount, ...money } = priced(args.money, asset, 'qr');
      return sale.startQrSale({ amount, chain, asset, priced: money });
    },
    startNfcSale: async (args) => {
      requireEntry('money' in args ? 'money' : 'asset');
      if ('money' in args) {
        const { asset } = await catalogue.resolve(args.chainId, args.asset);
        const { amount, ...money } = priced(args.money, asset, 'nfc');
        return sale.startNfcSale({ amount, asset, priced: money });
      }
      const { amount, chainId, asset } = args;
      const resolved = chainId && asset ? await catalogue.resolve(chainId, asset) : undefined;
      return sale.startNfcSale({ amount, ...(resolved ? { asset: resolved.asset } : {}) });
    },
    manualPrices: async () => rates.manualPrices(),
    setManualPrice: async ({ asset, chainId, price }, authorization?: CallAuthorization) => {
      const before =
        rates.manualPrices().find((entry) => entry.asset === asset && entry.chainId === chainId)
          ?.price ?? null;
      let after: string | null = null;
      if (price !== null) {
        const checked = checkAmount(price, MAX_PRICE_DECIMALS);
        if (!checked.ok) throw invalidSale(checked.reason.replace(/^The amount/, 'The price'));
        after = checked.value;
      }
      rates.setManualPrice(asset, chainId, after, authorization?.actorId ?? null);
      audit('manual-price-set', {
        ...who(authorization),
        object: {
          kind: 'manual price',
          id: chainId === null ? asset : `${asset} on chain ${chainId}`,
        },
        before,
        after,
        outcome: 'done',
        detail: { currency: parts.settings().currency },
      });
      return rates.manualPrices();
    },
    quotePrice: async ({ money, chainId, asset }) => {
      const resolved = await catalogue.resolve(chainId, asset);
      return quoteMoneySale(
        rates,
        parts.settings(),
        money,
        resolved.asset,
        parts.clock.now(),
        'qr',
      );
    },
    acceptLinkAmount: () => sale.acceptLinkAmount(),
    confirmPaidByCashier: () => sale.confirmPaidByCashier(),
    cancelSale: () => sale.cancel(),
    retrySameOrder: () => sale.retrySameOrder(),
    voidOrder: () => sale.voidOrder(),
    // A new link is a new order: the till's rules for starting a sale hold for it too.
    newLinkForExpired: async () => {
      requireEntry(sale.current()?.pricing ? 'money' : 'asset');
      return sale.newLinkForExpired();
    },
    markPaidAfterAll: async ({ orderId, reason }, authorization?: CallAuthorization) => {
      const before = parts.orderState(orderId);
      const paid = await sale.markPaidAfterAll(orderId, reason);
      audit('paid-after-all', {
        ...who(authorization),
        object: { kind: 'order', id: orderId },
        before: { state: before },
        after: { state: paid.state },
        reason,
        outcome: 'done',
        detail: { reference: paid.reference },
      });
      return paid;
    },
    finishSale: async () => {
      sale.clear();
      return null;
    },
  };
}

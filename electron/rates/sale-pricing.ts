import type { PriceQuote } from '../../shared/pricing/price-quote';
import { quoteSale } from '../../shared/pricing/conversion';
import { checkMoney } from '../../shared/pricing/shop-currency';
import type { Settings } from '../../shared/settings';
import type { Asset } from '../../shared/wire/asset';
import type { RateBook } from './rate-book';

/**
 * A price in the shop's currency turned into what the sale asks for (docs/pricing.md): the
 * first usable rate in IT's order, the fee in money (percentage plus fixed part), both
 * converted to asset units rounded up to the asset's decimals. No usable rate: the reason,
 * and no order is made. An NFC sale is priced without a fee: generate_nfc takes none, so its
 * pricing records none either.
 */
export function quoteMoneySale(
  rates: RateBook,
  settings: Pick<Settings, 'currency' | 'feePercent' | 'feeFixed'>,
  money: string,
  asset: Asset,
  nowMs: number,
  link: 'qr' | 'nfc',
): PriceQuote {
  const fees = link === 'qr' ? settings : { feePercent: '0', feeFixed: '0' };
  const checked = checkMoney(money, settings.currency);
  if (!checked.ok) return { ok: false, reason: checked.reason };
  const priced = rates.priceFor(asset.asset, String(asset.chain_id));
  if (!priced.ok) return { ok: false, reason: priced.unavailable.reason };
  const quote = quoteSale({
    money: checked.value,
    currency: settings.currency,
    feePercent: fees.feePercent,
    feeFixed: fees.feeFixed,
    price: priced.price,
    cross: priced.cross,
    decimals: asset.decimal,
  });
  return {
    ok: true,
    ...quote,
    ageSeconds: Math.max(0, Math.floor((nowMs - quote.pricing.asOfMs) / 1000)),
  };
}

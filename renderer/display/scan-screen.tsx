import type { CustomerView } from '../../shared/ipc/views';
import { displayAmount } from '../common/amount-format';
import { Countdown } from '../common/countdown';
import { Logo } from '../common/logo';
import { PaymentQr } from '../common/payment-qr';
import { formatMoney } from '../../shared/pricing/shop-currency';
import { amountFontVh } from './display-screen';
import { ShopBrand } from './shop-brand';

/**
 * The QR as large as the screen's height allows (a phone at arm's length reads it), and
 * beside it what the wallet will ask for: amount and asset with logos, the USD value, the
 * time left (or a calm line when the service's expiry could not be read), the reference.
 */
export function ScanScreen({ view, nowMs }: { view: CustomerView; nowMs: number | null }) {
  const amount = view.amount ? displayAmount(view.amount) : '';
  const asset = view.asset ?? '';
  return (
    <section className="cd-scan" aria-label="Scan to pay">
      <div className="cd-qr-frame">
        {view.qrUrl ? (
          <PaymentQr
            link={view.qrUrl}
            size="min(calc(86vh - var(--cd-banner, 0vh)), 54vw)"
            testId="customer-qr"
            label={`Payment QR code${amount ? ` for ${amount} ${asset}` : ''}`}
          />
        ) : null}
      </div>
      <div className="cd-info">
        <ShopBrand shop={view} size="small" />
        <h1 className="cd-instruction">Scan to pay</h1>
        {view.money ? (
          <MoneyLines money={view.money} amount={amount} asset={asset} />
        ) : amount ? (
          <p
            className="cd-amount"
            data-testid="customer-amount"
            style={{ fontSize: `${amountFontVh(`${amount} ${asset}`)}vh` }}
          >
            <span>{amount}</span> <span className="cd-nowrap">{asset}</span>
          </p>
        ) : null}
        <AssetLine view={view} />
        {view.usdValue && !view.money ? (
          <p className="cd-usd" data-testid="usd-value">
            ≈ {displayAmount(view.usdValue)} USD
          </p>
        ) : null}
        {view.expiresAtMs !== null ? (
          <Countdown expiresAtMs={view.expiresAtMs} nowMs={nowMs} fz="5.5vh" />
        ) : view.expiryUnknown ? (
          <p className="cd-calm" data-testid="no-countdown">
            No time limit shown. The cashier will tell you if this code stops working.
          </p>
        ) : null}
        {view.reference ? <Reference value={view.reference} /> : null}
      </div>
    </section>
  );
}

/**
 * A sale priced in the shop's currency: the total in money, large; below it the asset amount
 * the wallet will ask for; the fee on its own line when there is one.
 */
export function MoneyLines({
  money,
  amount,
  asset,
}: {
  money: NonNullable<CustomerView['money']>;
  amount: string;
  asset: string;
}) {
  const total = formatMoney(money.total, money.currency);
  return (
    <>
      <p
        className="cd-amount"
        data-testid="customer-money"
        style={{ fontSize: `${amountFontVh(total)}vh` }}
      >
        {total}
      </p>
      {amount ? (
        <p className="cd-usd" data-testid="customer-amount">
          {amount} <span className="cd-nowrap">{asset}</span>
        </p>
      ) : null}
      {money.fee !== '0' ? (
        <p className="cd-usd" data-testid="customer-fee">
          incl. {formatMoney(money.fee, money.currency)} fee
        </p>
      ) : null}
    </>
  );
}

/** "[logo] USDT on [logo] ETHEREUM": what to pay with and on which network. */
export function AssetLine({ view }: { view: CustomerView }) {
  if (!view.asset && !view.chainName) return null;
  const logoSize = '6vh';
  return (
    <div className="cd-asset-line" data-testid="asset-line">
      {view.asset ? (
        <>
          <Logo src={view.assetLogo} name={view.asset} size={logoSize} />
          <span>{view.asset}</span>
        </>
      ) : null}
      {view.asset && view.chainName ? <span>on</span> : null}
      {view.chainName ? (
        <>
          <Logo src={view.chainLogo} name={view.chainName} size={logoSize} />
          <span>{view.chainName}</span>
        </>
      ) : null}
    </div>
  );
}

export function Reference({ value }: { value: string }) {
  return (
    <p className="cd-reference" data-testid="reference">
      Reference <b>{value}</b>
    </p>
  );
}

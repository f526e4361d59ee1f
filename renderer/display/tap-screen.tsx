import type { CustomerView } from '../../shared/ipc/views';
import { displayAmount } from '../common/amount-format';
import { StatusIcon } from '../common/status-icon';
import { AssetLine, MoneyLines, Reference } from './scan-screen';
import { amountFontVh } from './display-screen';
import { ShopBrand } from './shop-brand';

/** The NFC prompt: what to do in three words, and how much. */
export function TapScreen({ view }: { view: CustomerView }) {
  const amount = view.amount
    ? `${displayAmount(view.amount)}${view.asset ? ` ${view.asset}` : ''}`
    : '';
  return (
    <section className="cd-center" aria-label="Tap to pay">
      <ShopBrand shop={view} size="small" />
      <StatusIcon kind="tap" size="18vh" />
      <h1 className="cd-title">Tap your phone</h1>
      <p className="cd-detail">Hold your phone on the reader until it confirms.</p>
      {view.money ? (
        <MoneyLines
          money={view.money}
          amount={view.amount ? displayAmount(view.amount) : ''}
          asset={view.asset ?? ''}
        />
      ) : amount ? (
        <p
          className="cd-amount"
          data-testid="customer-amount"
          style={{ fontSize: `${Math.min(9, amountFontVh(amount))}vh` }}
        >
          {amount}
        </p>
      ) : null}
      <AssetLine view={view} />
      {view.reference ? <Reference value={view.reference} /> : null}
    </section>
  );
}

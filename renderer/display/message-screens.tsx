import type { CustomerView } from '../../shared/ipc/views';
import { displayAmount } from '../common/amount-format';
import { StatusIcon } from '../common/status-icon';
import { statusColorVar } from '../common/theme';
import type { DisplayScreen } from './display-screen';
import { Reference } from './scan-screen';
import { ShopBrand } from './shop-brand';

const ICON_SIZE = '20vh';

export function WelcomeScreen({
  screen,
  view,
}: {
  screen: Extract<DisplayScreen, { kind: 'welcome' }>;
  view: CustomerView | null;
}) {
  return (
    <section className="cd-center" aria-label="Welcome">
      {view ? <ShopBrand shop={view} size="large" /> : null}
      {screen.subtitle ? <p className="cd-subtitle">{screen.subtitle}</p> : null}
      <h1 className="cd-title" data-testid="shop-name">
        {screen.title}
      </h1>
    </section>
  );
}

export function ProgressScreen({
  screen,
  view,
}: {
  screen: Extract<DisplayScreen, { kind: 'progress' }>;
  view: CustomerView | null;
}) {
  return (
    <section className="cd-center" aria-label={screen.title} aria-busy="true">
      <StatusIcon kind="wait" size={ICON_SIZE} spin />
      <h1 className="cd-title">{screen.title}</h1>
      <p className="cd-detail">{screen.detail}</p>
      <AmountLine view={view} />
    </section>
  );
}

/** Paid, expired, cancelled, declined, problem: the whole screen in the outcome's colour. */
export function OutcomeScreen({
  screen,
  view,
}: {
  screen: Extract<DisplayScreen, { kind: 'outcome' }>;
  view: CustomerView | null;
}) {
  return (
    <section
      className="cd-center cd-outcome"
      role="status"
      aria-label={screen.title}
      data-tone={screen.tone}
      style={{ background: statusColorVar(screen.tone) }}
    >
      <StatusIcon kind={screen.icon} size={ICON_SIZE} />
      <h1 className="cd-title">{screen.title}</h1>
      <p className="cd-detail">{screen.detail}</p>
      <AmountLine view={view} />
      {view?.reference ? <Reference value={view.reference} /> : null}
    </section>
  );
}

function AmountLine({ view }: { view: CustomerView | null }) {
  if (!view?.amount) return null;
  return (
    <p
      className="cd-subtitle"
      data-testid="customer-amount"
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {displayAmount(view.amount)}
      {view.asset ? ` ${view.asset}` : ''}
    </p>
  );
}

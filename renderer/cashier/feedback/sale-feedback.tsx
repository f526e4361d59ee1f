import type { SaleSnapshot } from '../../../shared/sale/sale-snapshot';
import type { PageSettings } from '../../../shared/settings';
import { useSaleFeedback } from './use-sale-feedback';
import './feedback-flash.css';

/**
 * What the cashier hears and sees when a card is read, a payment is accepted or something
 * goes wrong: the sound (sound-panel.tsx turns it off or down) and a short full-window flash
 * in the sound's colour that never takes a click. The root keeps what the page played as
 * data-last-sound and data-sound-count (end-to-end tests read them: nobody listens there).
 */
export function SaleFeedback({
  sale,
  settings,
}: {
  sale: SaleSnapshot | null;
  settings: PageSettings | null;
}) {
  const { cue, dismiss, plays } = useSaleFeedback(sale, settings);
  return (
    <div
      className="counter-feedback"
      data-testid="sale-feedback"
      data-last-sound={plays.last ?? undefined}
      data-sound-count={plays.count}
    >
      {cue ? (
        <div
          key={cue.serial}
          className="counter-feedback-flash"
          data-testid="feedback-flash"
          data-sound={cue.sound}
          aria-hidden
          onAnimationEnd={() => dismiss(cue.serial)}
        />
      ) : null}
    </div>
  );
}

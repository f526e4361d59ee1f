// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SaleSnapshot } from '../../../../shared/sale/sale-snapshot';
import type { SaleState } from '../../../../shared/sale/sale-states';
import type { PageSettings } from '../../../../shared/settings';
import { SaleFeedback } from '../../../../renderer/cashier/feedback/sale-feedback';
import { SoundPortProvider } from '../../../../renderer/common/sound/sound-port-context';
import { recordingPort } from '../common/recording-sound-port';
import { renderWithTheme } from '../common/render-with-theme';
import { cashierSettings, saleSnapshot } from './cashier-fixtures';

afterEach(() => cleanup());

const nfc = (state: SaleState, patch: Partial<SaleSnapshot> = {}) =>
  saleSnapshot({ kind: 'nfc', state, ...patch });

/** The feedback over a sale, with a port that records what it was asked to play. */
function showFeedback(sale: SaleSnapshot | null, settings: PageSettings | null) {
  const port = recordingPort();
  const ui = (nextSale: SaleSnapshot | null, nextSettings: PageSettings | null) => (
    <StrictMode>
      <SoundPortProvider port={port}>
        <SaleFeedback sale={nextSale} settings={nextSettings} />
      </SoundPortProvider>
    </StrictMode>
  );
  const view = renderWithTheme(ui(sale, settings));
  const root = () => screen.getByTestId('sale-feedback');
  const flash = () => screen.queryByTestId('feedback-flash');
  return {
    port,
    root,
    flash,
    show: (nextSale: SaleSnapshot | null, nextSettings = settings) =>
      view.rerender(ui(nextSale, nextSettings)),
  };
}

describe('SaleFeedback', () => {
  it('plays each sound once at the volume of the settings, records it and flashes', () => {
    const settings = cashierSettings({ soundVolume: 35 });
    const till = showFeedback(nfc('waiting-for-tap'), settings);
    expect(till.flash()).toBeNull();
    expect(till.root().getAttribute('data-sound-count')).toBe('0');
    expect(till.root().hasAttribute('data-last-sound')).toBe(false);

    // The card read is the tap's own answer (nfc/tap-answer-line.tsx): nothing here.
    till.show(nfc('submitting'));
    expect(till.port.plays).toEqual([]);
    expect(till.flash()).toBeNull();

    till.show(nfc('accepted-by-service'));
    expect(till.port.plays).toEqual([{ sound: 'accepted', volume: 35 }]);
    expect(till.root().getAttribute('data-last-sound')).toBe('accepted');
    expect(till.root().getAttribute('data-sound-count')).toBe('1');
    expect(till.flash()!.getAttribute('data-sound')).toBe('accepted');
    expect(till.flash()!.getAttribute('aria-hidden')).toBe('true');
  });

  it('plays nothing and records nothing with sounds off, but still flashes', () => {
    const till = showFeedback(nfc('submitting'), cashierSettings({ soundOn: false }));
    till.show(nfc('refused'));
    expect(till.port.plays).toEqual([]);
    expect(till.root().getAttribute('data-sound-count')).toBe('0');
    expect(till.root().hasAttribute('data-last-sound')).toBe(false);
    expect(till.flash()!.getAttribute('data-sound')).toBe('error');
  });

  it('plays nothing before the settings arrive, or at volume 0', () => {
    const waiting = showFeedback(nfc('submitting'), null);
    waiting.show(nfc('accepted-by-service'));
    expect(waiting.port.plays).toEqual([]);
    cleanup();
    const muted = showFeedback(nfc('submitting'), cashierSettings({ soundVolume: 0 }));
    muted.show(nfc('accepted-by-service'));
    expect(muted.port.plays).toEqual([]);
    expect(muted.flash()).not.toBeNull();
  });

  it('stays quiet for a page opened on a paid sale and for re-renders of the same sale', () => {
    const settings = cashierSettings();
    const paid = saleSnapshot({ state: 'paid-confirmed-by-cashier' });
    const till = showFeedback(paid, settings);
    expect(till.port.plays).toEqual([]);
    expect(till.flash()).toBeNull();

    const failed = saleSnapshot({ state: 'failed' });
    const till2 = showFeedback(saleSnapshot({ state: 'requesting' }), settings);
    till2.show(failed);
    // New settings (a louder volume) over the same sale replay nothing.
    till2.show(failed, cashierSettings({ soundVolume: 100 }));
    expect(till2.port.plays).toEqual([{ sound: 'error', volume: 70 }]);
  });

  it('takes the flash away when its animation ends, and flashes again for the next sound', () => {
    const till = showFeedback(saleSnapshot({ state: 'requesting' }), cashierSettings());
    till.show(saleSnapshot({ state: 'failed' }));
    fireEvent.animationEnd(till.flash()!);
    expect(till.flash()).toBeNull();
    // The retry fails again: the same sound twice in a row is played twice.
    till.show(saleSnapshot({ state: 'requesting' }));
    till.show(saleSnapshot({ state: 'failed' }));
    expect(till.flash()!.getAttribute('data-sound')).toBe('error');
    expect(till.port.plays.map((play) => play.sound)).toEqual(['error', 'error']);
    expect(till.root().getAttribute('data-sound-count')).toBe('2');
  });

  it('leaves a tap the till refused to the tap answer: no second sound for the same tap', () => {
    const till = showFeedback(nfc('waiting-for-tap'), cashierSettings());
    till.show(nfc('waiting-for-tap', { notice: 'That was not a payment card.' }));
    expect(till.port.plays).toEqual([]);
  });
});

// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DisplayEventName } from '../../../../shared/ipc/contract';
import type { CustomerView } from '../../../../shared/ipc/views';
import {
  tapAnswerKinds,
  type TapAnswer,
  type TapAnswerKind,
} from '../../../../shared/nfc/tap-answer';
import { tapAnswerWords } from '../../../../renderer/cashier/nfc/tap-answer-words';
import { SoundPortProvider } from '../../../../renderer/common/sound/sound-port-context';
import { DisplayPage } from '../../../../renderer/display/display-page';
import { DISPLAY_TAP_ANSWER_MS } from '../../../../renderer/display/tap-answer-banner';
import { customerTapWords } from '../../../../renderer/display/tap-answer-words';
import { FakeEventApi } from '../common/fake-event-api';
import { recordingPort } from '../common/recording-sound-port';
import { renderWithTheme } from '../common/render-with-theme';
import { customerView } from './customer-views';

// The customer display's answer to each tap: what to do, large, over the top of the screen
// for a few seconds only (the amount and the QR come back), with its sound when the shop lets
// the display play sounds (main sends the volume in the view: 0 unless it may).
const AT = Date.UTC(2026, 10, 22, 9, 0, 0);
let seq = 0;
const tap = (kind: TapAnswerKind, patch: Partial<TapAnswer> = {}): TapAnswer => ({
  seq: ++seq,
  kind,
  atMs: AT,
  ...patch,
});
const tapView = (patch: Partial<CustomerView> = {}) =>
  customerView({ phase: 'tap', amount: '5', asset: 'USDT', soundVolume: 40, ...patch });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function showDisplay(view: CustomerView = tapView()) {
  const api = new FakeEventApi<DisplayEventName>();
  const port = recordingPort();
  renderWithTheme(
    <SoundPortProvider port={port}>
      <DisplayPage api={api} />
    </SoundPortProvider>,
  );
  act(() => api.emit('customer-view', view));
  const banner = () => screen.getByTestId('tap-answer');
  const emit = (answer: TapAnswer) => act(() => api.emit('nfc-tap', answer));
  return { api, port, banner, emit };
}

describe("the customer display's answer to a tap", () => {
  it.each(tapAnswerKinds.map((kind) => [kind]))(
    '%s: tells the customer what to do, in words other than the cashier’s',
    (kind) => {
      const display = showDisplay();
      expect(display.banner().textContent).toBe('');
      expect(display.banner().hasAttribute('role')).toBe(false);
      const answer = tap(kind, kind === 'read-failed' ? { cause: 'no-answer' } : {});
      display.emit(answer);
      const words = customerTapWords(answer);
      expect(display.banner().getAttribute('role')).toBe('status');
      expect(display.banner().getAttribute('data-kind')).toBe(kind);
      expect(screen.getByTestId('tap-answer-title').textContent).toBe(words.title);
      expect(screen.getByTestId('tap-answer-detail').textContent).toBe(words.detail);
      expect(display.banner().textContent).not.toContain(tapAnswerWords(answer).text);
      // Not a heading: the screen's own title stays the page's one level-one heading.
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(screen.getByTestId('customer-amount').textContent).toBe('5.00 USDT');
      expect(display.port.plays).toEqual([
        { sound: kind === 'sent' ? 'card-read' : 'tap-again', volume: 40 },
      ]);
    },
  );

  it('replaces the answer with the next one, playing each new answer once', () => {
    const display = showDisplay();
    display.emit(tap('still-sending'));
    const next = tap('sale-changed');
    display.emit(next);
    display.emit({ ...next });
    expect(screen.getAllByTestId('tap-answer-title')).toHaveLength(1);
    expect(screen.getByTestId('tap-answer-title').textContent).toBe('The sale changed: tap again');
    expect(display.port.plays.map((play) => play.sound)).toEqual(['tap-again', 'tap-again']);
    expect(display.banner().getAttribute('data-sound-count')).toBe('2');
  });

  it('goes after a few seconds, so the amount and the QR are not hidden for long', () => {
    const display = showDisplay();
    display.emit(tap('too-slow'));
    act(() => vi.advanceTimersByTime(DISPLAY_TAP_ANSWER_MS - 1));
    expect(display.banner().getAttribute('data-kind')).toBe('too-slow');
    act(() => vi.advanceTimersByTime(1));
    expect(display.banner().textContent).toBe('');
    expect(display.banner().hasAttribute('role')).toBe(false);
    expect(DISPLAY_TAP_ANSWER_MS).toBeLessThanOrEqual(5_000);
  });

  it("goes by main's clock too", () => {
    const display = showDisplay();
    display.emit(tap('already-used'));
    act(() => display.api.emit('clock-tick', { nowMs: AT + DISPLAY_TAP_ANSWER_MS }));
    expect(display.banner().textContent).toBe('');
  });

  it('plays nothing when the display may not play sounds (volume 0), but still shows the words', () => {
    const display = showDisplay(tapView({ soundVolume: 0 }));
    display.emit(tap('not-payment-tag'));
    expect(screen.getByTestId('tap-answer-title').textContent).toBe(
      'This is not a payment card or tag',
    );
    expect(display.port.plays).toEqual([]);
    expect(display.banner().getAttribute('data-sound-count')).toBe('0');
  });

  it('answers a tap on the welcome screen too', () => {
    const display = showDisplay(customerView({ soundVolume: 40 }));
    display.emit(tap('no-sale'));
    expect(screen.getByTestId('tap-answer-title').textContent).toBe(
      customerTapWords(tap('no-sale')).title,
    );
    expect(screen.getByTestId('shop-name').textContent).toBe('Corner Café');
  });
});

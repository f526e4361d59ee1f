// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  tapAnswerKinds,
  type TapAnswer,
  type TapAnswerKind,
} from '../../../../shared/nfc/tap-answer';
import {
  CASHIER_TAP_ANSWER_MS,
  TapAnswerLine,
} from '../../../../renderer/cashier/nfc/tap-answer-line';
import { tapAnswerWords } from '../../../../renderer/cashier/nfc/tap-answer-words';
import { SoundPortProvider } from '../../../../renderer/common/sound/sound-port-context';
import { recordingPort } from '../common/recording-sound-port';
import { installFakePos, renderWithTheme, type FakePos } from './fake-pos';

// The cashier's answer to each tap, near the NFC status: one line of what happened and one
// action, replaced by the next answer, gone after a few seconds (the page's timer, faked here;
// or main's clock), with its sound played once per answer.
const AT = Date.UTC(2026, 10, 22, 9, 0, 0);
let pos: FakePos;
let seq = 0;
const tap = (kind: TapAnswerKind, patch: Partial<TapAnswer> = {}): TapAnswer => ({
  seq: ++seq,
  kind,
  atMs: AT,
  ...patch,
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  pos = installFakePos();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function showLine(volume = 70) {
  const port = recordingPort();
  renderWithTheme(
    <SoundPortProvider port={port}>
      <TapAnswerLine volume={volume} />
    </SoundPortProvider>,
  );
  const root = () => screen.getByTestId('tap-answer');
  const emit = (answer: TapAnswer) => act(() => pos.emit('nfc-tap', answer));
  return { port, root, emit };
}

describe('TapAnswerLine', () => {
  it.each(tapAnswerKinds.map((kind) => [kind]))(
    '%s: shows its words in a status region, and plays its sound',
    (kind) => {
      const line = showLine();
      expect(line.root().getAttribute('role')).toBe('status');
      expect(line.root().textContent).toBe('');
      const answer = tap(kind, kind === 'read-failed' ? { cause: 'moved-away' } : {});
      line.emit(answer);
      const words = tapAnswerWords(answer);
      expect(line.root().getAttribute('data-kind')).toBe(kind);
      expect(screen.getByTestId('tap-answer-text').textContent).toBe(words.text);
      if (words.action)
        expect(screen.getByTestId('tap-answer-action').textContent).toBe(words.action);
      else expect(screen.queryByTestId('tap-answer-action')).toBeNull();
      expect(line.root().getAttribute('aria-live')).toBe(words.urgent ? 'assertive' : 'polite');
      expect(line.port.plays).toEqual([
        { sound: kind === 'sent' ? 'card-read' : 'tap-again', volume: 70 },
      ]);
    },
  );

  it('replaces the answer with the next one and plays each new answer once', () => {
    const line = showLine();
    line.emit(tap('too-slow'));
    const second = tap('too-slow');
    line.emit(second);
    expect(line.port.plays).toHaveLength(2);
    // The same answer heard again (a page that subscribes again) plays nothing more.
    line.emit({ ...second });
    line.emit(tap('already-used'));
    expect(screen.getAllByTestId('tap-answer-text')).toHaveLength(1);
    expect(screen.getByTestId('tap-answer-text').textContent).toBe(
      tapAnswerWords(tap('already-used')).text,
    );
    expect(line.port.plays.map((play) => play.sound)).toEqual([
      'tap-again',
      'tap-again',
      'tap-again',
    ]);
    expect(line.root().getAttribute('data-sound-count')).toBe('3');
    expect(line.root().getAttribute('data-last-sound')).toBe('tap-again');
  });

  it("clears after a few seconds on the page's timer, counted from the latest answer", () => {
    const line = showLine();
    line.emit(tap('no-sale'));
    act(() => vi.advanceTimersByTime(CASHIER_TAP_ANSWER_MS - 1_000));
    line.emit(tap('still-sending'));
    act(() => vi.advanceTimersByTime(CASHIER_TAP_ANSWER_MS - 1));
    expect(line.root().getAttribute('data-kind')).toBe('still-sending');
    act(() => vi.advanceTimersByTime(1));
    expect(line.root().textContent).toBe('');
    expect(line.root().hasAttribute('data-kind')).toBe(false);
    // A new answer shows again, with its sound.
    line.emit(tap('sale-changed'));
    expect(line.root().getAttribute('data-kind')).toBe('sale-changed');
    expect(line.port.plays).toHaveLength(3);
  });

  it("clears by main's clock too, and never shows an answer main's clock says is old", () => {
    const line = showLine();
    line.emit(tap('not-payment-tag'));
    act(() => pos.emit('clock-tick', { nowMs: AT + CASHIER_TAP_ANSWER_MS - 1 }));
    expect(line.root().getAttribute('data-kind')).toBe('not-payment-tag');
    act(() => pos.emit('clock-tick', { nowMs: AT + CASHIER_TAP_ANSWER_MS }));
    expect(line.root().textContent).toBe('');
    // An answer from before that (heard late, or again on subscribing) is not news.
    line.emit(tap('too-slow', { atMs: AT }));
    expect(line.root().textContent).toBe('');
    expect(line.port.plays).toHaveLength(1);
  });

  it('flashes the window in the sound’s colour, never taking a click, and plays nothing at volume 0', () => {
    const line = showLine(0);
    line.emit(tap('sent'));
    const flash = screen.getByTestId('tap-flash');
    expect(flash.getAttribute('data-sound')).toBe('card-read');
    expect(flash.className).toBe('counter-feedback-flash');
    expect(flash.getAttribute('aria-hidden')).toBe('true');
    fireEvent.animationEnd(flash);
    expect(screen.queryByTestId('tap-flash')).toBeNull();
    line.emit(tap('read-failed', { cause: 'garbled' }));
    expect(screen.getByTestId('tap-flash').getAttribute('data-sound')).toBe('tap-again');
    expect(line.port.plays).toEqual([]);
    expect(line.root().getAttribute('data-sound-count')).toBe('0');
  });
});

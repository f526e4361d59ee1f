// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CustomerPhase } from '../../../../shared/ipc/views';
import { SoundPortProvider } from '../../../../renderer/common/sound/sound-port-context';
import { DisplayFeedback } from '../../../../renderer/display/display-feedback';
import { recordingPort } from '../common/recording-sound-port';
import { renderWithTheme } from '../common/render-with-theme';
import { customerView } from './customer-views';

afterEach(() => cleanup());

function showDisplay(soundVolume: number) {
  const port = recordingPort();
  const ui = (phase: CustomerPhase) => (
    <SoundPortProvider port={port}>
      <DisplayFeedback view={customerView({ phase, soundVolume })} />
    </SoundPortProvider>
  );
  const view = renderWithTheme(ui('tap'));
  return { port, show: (phase: CustomerPhase) => view.rerender(ui(phase)) };
}

describe('DisplayFeedback', () => {
  it("plays the chime at the view's volume, never the error sound (a tap has its own)", () => {
    const display = showDisplay(40);
    display.show('processing');
    display.show('paid');
    display.show('idle');
    display.show('tap');
    display.show('processing');
    display.show('declined');
    expect(display.port.plays).toEqual([{ sound: 'accepted', volume: 40 }]);
    const record = screen.getByTestId('display-feedback');
    expect(record.getAttribute('data-last-sound')).toBe('accepted');
    expect(record.getAttribute('data-sound-count')).toBe('1');
    expect(record.hidden).toBe(true);
    expect(screen.queryByTestId('feedback-flash')).toBeNull();
  });

  it('is silent at volume 0, which main sends unless the display is to play sounds', () => {
    const display = showDisplay(0);
    display.show('processing');
    display.show('paid');
    expect(display.port.plays).toEqual([]);
    expect(screen.getByTestId('display-feedback').getAttribute('data-sound-count')).toBe('0');
  });
});

import { describe, expect, it } from 'vitest';
import type { CustomerPhase } from '../../../../shared/ipc/views';
import { soundForViewChange } from '../../../../renderer/display/display-sounds';
import { customerView } from './customer-views';

const view = (phase: CustomerPhase) => customerView({ phase, soundVolume: 60 });

describe("which sound a change of the customer's view makes", () => {
  it.each([
    ['processing', 'paid', 'accepted'],
    ['scan', 'paid', 'accepted'],
    ['tap', 'paid', 'accepted'],
  ] as const)('%s -> %s: %s', (from, to, sound) => {
    expect(soundForViewChange(view(from), view(to))).toBe(sound);
  });

  it.each([
    // The card read is the tap's own answer ('nfc-tap'), not the view's change.
    ['tap', 'processing'],
    ['processing', 'declined'],
    ['processing', 'problem'],
    ['scan', 'expired'],
    ['scan', 'cancelled'],
    ['idle', 'preparing'],
    ['preparing', 'scan'],
    ['paid', 'idle'],
    ['paid', 'paid'],
    ['processing', 'processing'],
  ] as const)('silent for %s -> %s (never an error sound for the customer)', (from, to) => {
    expect(soundForViewChange(view(from), view(to))).toBeNull();
  });

  it('is silent for the first view the display sees', () => {
    expect(soundForViewChange(null, view('paid'))).toBeNull();
    expect(soundForViewChange(view('paid'), null)).toBeNull();
  });
});

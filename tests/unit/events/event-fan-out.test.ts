import { describe, expect, it } from 'vitest';
import { createEventFanOut } from '../../../electron/events/event-fan-out';

describe('the event fan-out', () => {
  it('passes every event on and keeps the latest state for a page that opens later', () => {
    const sent: [string, unknown][] = [];
    const events = createEventFanOut((name, payload) => void sent.push([name, payload]));
    events.send('sale-changed', null);
    events.send('shift-changed', null);
    events.send('nfc-tap', { seq: 1, kind: 'no-sale', atMs: 5 });
    events.send('identify-display', { label: 'Display 2' });
    expect(sent.map(([name]) => name)).toEqual([
      'sale-changed',
      'shift-changed',
      'nfc-tap',
      'identify-display',
    ]);
    expect(events.latest('shift-changed')).toBeNull();
    // A tap's answer and a display label are moments: a page opened later is not told them.
    expect(events.latest('nfc-tap')).toBeUndefined();
    expect(events.latest('identify-display')).toBeUndefined();
  });
});

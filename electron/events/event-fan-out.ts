import type { Events } from '../../shared/ipc/contract';
import type { EventSink } from '../../shared/ipc/contract-kit';

export interface EventFanOut {
  /** Hands an event to the transport, which passes it on to every page that may see it. */
  send: EventSink<Events>;
  /** The latest value of each event, for a page that subscribes after it was sent. */
  latest<Name extends keyof Events & string>(name: Name): unknown;
}

/**
 * Events that tell of a moment, not of a state: a page that opens (or reloads) later must not
 * be handed them again, or it would answer a tap or flash a display label long gone.
 */
const momentEvents: ReadonlySet<keyof Events & string> = new Set(['nfc-tap', 'identify-display']);

/**
 * Every event main sends goes through here, so a page that opens late still gets the latest
 * state (never a past moment).
 */
export function createEventFanOut(emit: EventSink<Events>): EventFanOut {
  const latestValues = new Map<string, unknown>();
  return {
    send: (name, payload) => {
      if (!momentEvents.has(name)) latestValues.set(name, payload);
      emit(name, payload);
    },
    latest: (name) => latestValues.get(name),
  };
}

import type { Events } from '../../shared/ipc/contract';
import type { EventSink } from '../../shared/ipc/contract-kit';

export interface EventFanOut {
  /** Hands an event to the transport, which passes it on to every page that may see it. */
  send: EventSink<Events>;
  /** The latest value of each event, for a page that subscribes after it was sent. */
  latest<Name extends keyof Events & string>(name: Name): unknown;
}

/** Every event main sends goes through here, so a page that opens late still gets the latest. */
export function createEventFanOut(emit: EventSink<Events>): EventFanOut {
  const latestValues = new Map<string, unknown>();
  return {
    send: (name, payload) => {
      latestValues.set(name, payload);
      emit(name, payload);
    },
    latest: (name) => latestValues.get(name),
  };
}

import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Events } from '../../shared/ipc/contract';
import type { PayloadOf, Subscriptions } from '../../shared/ipc/contract-kit';

export interface UseEventOptions {
  /**
   * Render a new payload at once, inside the task that delivered it, instead of in a later
   * scheduler task. For what a person is waiting to see (the customer's QR): under load a
   * deferred render can miss the next frame, and then the screen changes a frame later.
   */
  urgent?: boolean;
}

/**
 * The latest payload of one event, re-rendering on each new one. `initial` is shown until the
 * first payload arrives (the bridges deliver the latest value right after subscribing, so that
 * is normally one tick). Works with `window.pos` and `window.display` alike.
 *
 *   const view = useEvent(displayApi(), 'customer-view', null);
 */
export function useEvent<Names extends keyof Events & string, Name extends Names, Initial>(
  api: Subscriptions<Events, Names>,
  name: Name,
  initial: Initial,
  options: UseEventOptions = {},
): PayloadOf<Events[Name]> | Initial {
  const [value, setValue] = useState<PayloadOf<Events[Name]> | Initial>(initial);
  const urgent = options.urgent ?? false;
  useEffect(() => {
    // A bridge may hand over the latest value synchronously while we subscribe, i.e. inside
    // this effect, where flushSync is not allowed: that one goes the ordinary way.
    let subscribing = true;
    const unsubscribe = api.on(name, (payload) => {
      if (urgent && !subscribing) flushSync(() => setValue(() => payload));
      else setValue(() => payload);
    });
    subscribing = false;
    return unsubscribe;
  }, [api, name, urgent]);
  return value;
}

import { useEffect, useState } from 'react';
import type { Events } from '../../shared/ipc/contract';
import type { PayloadOf, Subscriptions } from '../../shared/ipc/contract-kit';

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
): PayloadOf<Events[Name]> | Initial {
  const [value, setValue] = useState<PayloadOf<Events[Name]> | Initial>(initial);
  useEffect(() => api.on(name, (payload) => setValue(() => payload)), [api, name]);
  return value;
}

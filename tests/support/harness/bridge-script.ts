import { callNames, displayEventNames, eventNames } from '../../../shared/ipc/contract';

export type HarnessPage = 'cashier' | 'display';

/**
 * The harness's stand-in for the preloads: a script that defines `window.pos` (cashier) or
 * `window.display` (customer display) over HTTP and server-sent events. It is generated from
 * the contract's own name lists, so it offers exactly what the preloads offer: the calls on
 * the cashier page only, and only the events each page may see.
 */
export function bridgeScript(page: HarnessPage): string {
  const config = {
    page,
    calls: page === 'cashier' ? callNames : [],
    events: page === 'cashier' ? eventNames : [...displayEventNames],
    global: page === 'cashier' ? 'pos' : 'display',
  };
  return `(() => {
  'use strict';
  const config = ${JSON.stringify(config)};
  const listeners = new Map();
  const latest = new Map();
  const source = new EventSource('/__pos/events?page=' + config.page);
  for (const name of config.events) {
    source.addEventListener(name, (message) => {
      const payload = JSON.parse(message.data);
      latest.set(name, payload);
      for (const listener of [...(listeners.get(name) || [])]) listener(payload);
    });
  }
  const api = {};
  for (const name of config.calls) {
    api[name] = (args) =>
      fetch('/__pos/call/' + name, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(args === undefined ? {} : args),
      }).then((response) => response.json());
  }
  api.on = (name, listener) => {
    if (!config.events.includes(name)) throw new Error('No such event: ' + name);
    if (!listeners.has(name)) listeners.set(name, new Set());
    listeners.get(name).add(listener);
    if (latest.has(name)) queueMicrotask(() => listener(latest.get(name)));
    return () => listeners.get(name).delete(listener);
  };
  Object.defineProperty(window, config.global, { value: Object.freeze(api), writable: false, configurable: false });
})();
`;
}

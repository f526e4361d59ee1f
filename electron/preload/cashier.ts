// The cashier page's bridge: `window.pos`, built from the one contract (shared/ipc/contract.ts).
// Only named calls and named subscriptions; never ipcRenderer itself or a generic send.
import { contextBridge, ipcRenderer } from 'electron';
import {
  callNames,
  eventNames,
  type CashierApi,
  type Calls,
  type Events,
} from '../../shared/ipc/contract';
import { buildCallMethods, buildSubscriptions, callChannel } from '../../shared/ipc/contract-kit';
import { subscribeToEvent } from './event-bridge';

const api = {
  ...buildCallMethods<Calls>(callNames, (name, args) =>
    ipcRenderer.invoke(callChannel(name), args),
  ),
  ...buildSubscriptions<Events, (typeof eventNames)[number]>(eventNames, subscribeToEvent),
} satisfies CashierApi;

contextBridge.exposeInMainWorld('pos', api);

// The customer display's bridge: `window.display`, subscriptions to what the customer sees
// and nothing else (no calls).
import { contextBridge } from 'electron';
import { displayEventNames, type DisplayApi, type Events } from '../../shared/ipc/contract';
import { buildSubscriptions } from '../../shared/ipc/contract-kit';
import { subscribeToEvent } from './event-bridge';

const api = buildSubscriptions<Events, (typeof displayEventNames)[number]>(
  displayEventNames,
  subscribeToEvent,
) satisfies DisplayApi;

contextBridge.exposeInMainWorld('display', api);

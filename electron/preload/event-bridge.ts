import { ipcRenderer, type IpcRendererEvent } from 'electron';
import { eventChannel, LATEST_CHANNEL } from '../../shared/ipc/contract-kit';

/**
 * Subscribes a page listener to one named event. The Electron event object is stripped (the
 * page gets the payload only), and the event's latest value is fetched once on subscribing,
 * so a page that loads after a change still starts from the current state.
 */
export function subscribeToEvent(name: string, listener: (payload: unknown) => void): () => void {
  let heard = false;
  const handler = (_event: IpcRendererEvent, payload: unknown) => {
    heard = true;
    listener(payload);
  };
  ipcRenderer.on(eventChannel(name), handler);
  void ipcRenderer
    .invoke(LATEST_CHANNEL, name)
    .then((latest: { has: boolean; value?: unknown }) => {
      if (!heard && latest?.has) listener(latest.value);
    });
  return () => void ipcRenderer.removeListener(eventChannel(name), handler);
}

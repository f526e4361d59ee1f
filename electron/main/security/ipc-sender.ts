import type { IpcMainEvent, IpcMainInvokeEvent } from 'electron';
import type { WindowRegistry } from '../windows/window-registry';
import { isTrustedSender } from './trusted-sender';
import type { AppLocation } from './trusted-url';

/** The IPC-side adapter of isTrustedSender: every handler calls this first. */
export function isTrustedIpcEvent(
  event: Pick<IpcMainInvokeEvent | IpcMainEvent, 'sender' | 'senderFrame'>,
  registry: WindowRegistry,
  app: AppLocation,
): boolean {
  let frameUrl: string | undefined;
  let isMainFrame = false;
  try {
    // senderFrame is null once the frame navigated or was destroyed; reading a disposed frame throws.
    const frame = event.senderFrame;
    frameUrl = frame?.url;
    isMainFrame = frame !== null && frame !== undefined && frame.parent === null;
  } catch {
    return false;
  }
  return isTrustedSender(
    { webContentsId: event.sender.id, frameUrl, isMainFrame },
    { webContentsIds: registry.webContentsIds(), app },
  );
}

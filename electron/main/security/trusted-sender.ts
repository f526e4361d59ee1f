import { isAllowedNavigation, type AppLocation } from './trusted-url';

/**
 * Whether an IPC message comes from one of our windows showing one of our pages
 * (docs/architecture.md: every handler checks the sender; the idea of electron/fiddle's ipc.ts).
 * The webContents id alone is not enough: a window of ours that was somehow navigated
 * elsewhere keeps its id, so the frame's URL must be ours too; and only the main frame
 * speaks (our pages have no iframes).
 */
export interface SenderFacts {
  webContentsId: number;
  /** event.senderFrame?.url; null when the frame is gone. */
  frameUrl: string | null | undefined;
  isMainFrame: boolean;
}

export function isTrustedSender(
  sender: SenderFacts,
  trust: { webContentsIds: ReadonlySet<number>; app: AppLocation },
): boolean {
  if (!trust.webContentsIds.has(sender.webContentsId)) return false;
  if (!sender.isMainFrame) return false;
  if (typeof sender.frameUrl !== 'string') return false;
  return isAllowedNavigation(sender.frameUrl, trust.app);
}

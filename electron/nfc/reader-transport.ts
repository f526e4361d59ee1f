/**
 * The reader process's line to its parent, whichever started it:
 *   - Electron utilityProcess: `process.parentPort` (postMessage / 'message' with `.data`);
 *   - Node child_process.fork (tests, benchmark): `process.send` / 'message' / 'disconnect'.
 * Detected at run time so this file never imports 'electron'.
 */
import type { ReaderToHost } from './reader-protocol';

export interface ParentLink {
  send(message: ReaderToHost): void;
  onMessage(listener: (message: unknown) => void): void;
  /** The parent went away: time to stop. */
  onClose(listener: () => void): void;
}

/** What Electron adds to `process` inside a utilityProcess. */
interface ElectronParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
}

export function connectToParent(proc: NodeJS.Process = process): ParentLink | null {
  const parentPort = (proc as NodeJS.Process & { parentPort?: ElectronParentPort }).parentPort;
  if (parentPort) {
    return {
      send: (message) => parentPort.postMessage(message),
      onMessage: (listener) => void parentPort.on('message', (event) => listener(event.data)),
      // parentPort emits no 'close': Electron ends a utility process when main exits, and
      // main's quit sequence stops the reader first with a 'shutdown' message.
      onClose: () => undefined,
    };
  }
  if (typeof proc.send === 'function') {
    return {
      send: (message) => {
        // The parent may be gone already; nothing to tell then.
        if (proc.connected) proc.send?.(message);
      },
      onMessage: (listener) => void proc.on('message', listener),
      onClose: (listener) => void proc.on('disconnect', listener),
    };
  }
  return null;
}

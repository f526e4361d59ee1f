/**
 * The host's handle on one reader process, whatever started it: a Node child process
 * (tests/support/fork-reader-channel.ts) or an Electron utilityProcess (a thin adapter
 * in electron/main). Messages are `unknown` here; the supervisor parses them.
 */
import type { HostToReader } from '../nfc/reader-protocol';

export interface ReaderChannel {
  send(message: HostToReader): void;
  onMessage(listener: (message: unknown) => void): void;
  /** Once, when the process has gone (exit code, or null when killed by a signal). */
  onExit(listener: (code: number | null) => void): void;
  /** Ends the process at once (SIGKILL): for a stuck thread or a shutdown that took too long. */
  kill(): void;
}

export type SpawnReader = () => ReaderChannel;

import { utilityProcess } from 'electron';
import { join } from 'node:path';
import type { ReaderChannel } from '../nfc-host/reader-channel';

/**
 * Starts the NFC reader in an Electron utilityProcess: the PC/SC addon may block its thread
 * (it does while the PC/SC service hangs) or crash, and neither may freeze or kill the till.
 * The same ReaderChannel shape as forkReaderProcess, so the host cannot tell them apart.
 *
 * The process's end is the UtilityProcess object's 'exit' event (with the exit code), which
 * Electron emits however it ended: by itself, killed, or crashed. A listener added after
 * that still hears it, so quitting never waits for an exit that already happened.
 */
export function utilityReaderChannel(mainDir: string): ReaderChannel {
  const child = utilityProcess.fork(join(mainDir, 'nfc-reader.js'), [], {
    serviceName: 'NFC reader',
    stdio: 'ignore',
  });
  let exit: { code: number | null } | undefined;
  child.once('exit', (code) => {
    exit = { code };
  });
  return {
    send: (message) => {
      if (!exit) child.postMessage(message);
    },
    onMessage: (listener) => void child.on('message', listener),
    onExit: (listener) => {
      if (exit) listener(exit.code);
      else child.once('exit', (code) => listener(code));
    },
    kill: () => {
      if (!exit) child.kill();
    },
  };
}

import { utilityProcess } from 'electron';
import { join } from 'node:path';
import type { ReaderChannel } from '../nfc-host/reader-channel';

/**
 * Starts the NFC reader in an Electron utilityProcess: the PC/SC addon may block its thread
 * (it does while the PC/SC service is down) or crash, and neither may freeze or kill the till.
 * The same ReaderChannel shape as forkReaderProcess, so the host cannot tell them apart.
 */
export function utilityReaderChannel(mainDir: string): ReaderChannel {
  const child = utilityProcess.fork(join(mainDir, 'nfc-reader.js'), [], {
    serviceName: 'NFC reader',
    stdio: 'ignore',
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  return {
    send: (message) => {
      if (!exited) child.postMessage(message);
    },
    onMessage: (listener) => void child.on('message', listener),
    onExit: (listener) => void child.once('exit', (code) => listener(code)),
    kill: () => void child.kill(),
  };
}

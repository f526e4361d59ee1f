/**
 * Starts the reader process with child_process.fork, for the tests and the benchmark.
 * The app uses Electron's utilityProcess with the same ReaderChannel shape instead.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ReaderChannel } from '../../electron/nfc-host/reader-channel';

export interface ForkReaderOptions {
  /** Script to run; default the TypeScript entry next door, run through tsx. */
  entry?: string;
  execArgv?: string[];
  env?: NodeJS.ProcessEnv;
  /** Where the child's stdout/stderr go; default inherited. */
  stdio?: 'inherit' | 'ignore';
}

const READER_PROCESS_ENTRY = fileURLToPath(
  new URL('../../electron/nfc/reader-process.ts', import.meta.url),
);

export function forkReaderProcess(options: ForkReaderOptions = {}): ReaderChannel {
  const child = fork(options.entry ?? READER_PROCESS_ENTRY, [], {
    execArgv: options.execArgv ?? ['--import', 'tsx'],
    env: options.env ?? process.env,
    stdio:
      options.stdio === 'ignore'
        ? ['ignore', 'ignore', 'ignore', 'ipc']
        : ['inherit', 'inherit', 'inherit', 'ipc'],
    serialization: 'json',
  });
  // A send racing the child's exit must not throw into the host.
  child.on('error', () => undefined);
  return {
    send: (message) => {
      if (child.connected) child.send(message, (error) => void error);
    },
    onMessage: (listener) => void child.on('message', listener),
    onExit: (listener) => void child.once('exit', (code) => listener(code)),
    kill: () => void child.kill('SIGKILL'),
  };
}

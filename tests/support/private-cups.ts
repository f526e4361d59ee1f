/**
 * A CUPS scheduler of the test's own: cupsd in the foreground with its configuration, spool
 * and socket in a temporary folder, so a test can add a raw queue and print through it
 * without touching (or needing) the machine's CUPS service. Reached through CUPS_SERVER.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

const cupsdPath = '/usr/sbin/cupsd';

/** Whether this machine has CUPS (tests/setup-test-machine.sh installs it). */
export function hasCups(): boolean {
  return existsSync(cupsdPath) && existsSync('/usr/sbin/lpadmin') && existsSync('/usr/bin/lp');
}

export interface PrivateCups {
  /** Runs a CUPS client command (lpadmin, lp, lpstat) against this scheduler. */
  client(command: string, args: string[]): Promise<string>;
  folder: string;
  stop(): Promise<void>;
}

export async function startPrivateCups(): Promise<PrivateCups> {
  const folder = await mkdtemp(join(tmpdir(), 'counter-cups-'));
  await chmod(folder, 0o755);
  for (const name of ['etc', 'spool', 'run', 'cache', 'tmp']) await mkdir(join(folder, name));
  await chmod(join(folder, 'tmp'), 0o1777);
  const socket = join(folder, 'cups.sock');
  await writeFile(
    join(folder, 'etc', 'cups-files.conf'),
    [
      `ServerRoot ${join(folder, 'etc')}`,
      `RequestRoot ${join(folder, 'spool')}`,
      `StateDir ${join(folder, 'run')}`,
      `CacheDir ${join(folder, 'cache')}`,
      `TempDir ${join(folder, 'tmp')}`,
      'ErrorLog stderr',
      'AccessLog stderr',
      'PageLog stderr',
      'FileDevice No',
      '',
    ].join('\n'),
  );
  await writeFile(
    join(folder, 'etc', 'cupsd.conf'),
    [
      `Listen ${socket}`,
      'LogLevel info',
      'Browsing No',
      'WebInterface No',
      'DefaultAuthType None',
      '<Location />',
      '  Order allow,deny',
      '  Allow all',
      '</Location>',
      '',
    ].join('\n'),
  );

  const cupsd: ChildProcess = spawn(
    cupsdPath,
    ['-f', '-c', join(folder, 'etc', 'cupsd.conf'), '-s', join(folder, 'etc', 'cups-files.conf')],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  await new Promise<void>((resolve, reject) => {
    cupsd.stderr?.setEncoding('utf8');
    cupsd.stderr?.on('data', (text: string) => {
      log += text;
      // cupsd says so once its socket accepts clients.
      if (log.includes(`Listening to ${socket}`)) resolve();
    });
    cupsd.once('exit', (code) =>
      reject(new Error(`cupsd exited (${code}) before listening:\n${log}`)),
    );
    cupsd.once('error', reject);
  });

  const env = { ...process.env, CUPS_SERVER: socket };
  return {
    folder,
    async client(command, args) {
      const { stdout } = await run(command, args, { env, timeout: 15_000 });
      return stdout;
    },
    async stop() {
      if (cupsd.exitCode === null) {
        const exited = new Promise((resolve) => cupsd.once('exit', resolve));
        cupsd.kill('SIGTERM');
        await exited;
      }
      await rm(folder, { recursive: true, force: true });
    },
  };
}

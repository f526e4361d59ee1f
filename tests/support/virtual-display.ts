import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

/**
 * An X display for Electron on Linux machines without one (CI): the one already there
 * (DISPLAY or WAYLAND_DISPLAY), else a fresh Xvfb of our own (Debian package `xvfb`), which
 * picks a free display number and writes it to the pipe given as -displayfd.
 */

export interface Display {
  /** Extra environment for the Electron process. */
  env: Record<string, string>;
  close(): void;
}

export type DisplayLookup = Display | { whyNot: string };

function hasXvfb(): boolean {
  return spawnSync('Xvfb', ['-help'], { stdio: 'ignore' }).error === undefined;
}

export async function openDisplay(): Promise<DisplayLookup> {
  if (process.platform !== 'linux' || process.env.DISPLAY || process.env.WAYLAND_DISPLAY)
    return { env: {}, close: () => undefined };
  if (!hasXvfb()) return { whyNot: 'no display, and no Xvfb to make one (apt-get install xvfb)' };
  const xvfb: ChildProcess = spawn(
    'Xvfb',
    ['-displayfd', '3', '-screen', '0', '1920x1080x24', '-nolisten', 'tcp'],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const number = await new Promise<string | undefined>((resolve) => {
    let text = '';
    xvfb.stdio[3]?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.trim());
    });
    xvfb.once('exit', () => resolve(undefined));
  });
  if (!number) return { whyNot: 'Xvfb did not start' };
  return { env: { DISPLAY: `:${number}` }, close: () => xvfb.kill() };
}

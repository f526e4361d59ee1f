/**
 * Is the PC/SC service reachable? On Linux `new NFC()` blocks its thread until pcscd answers,
 * so the reader process asks first. A socket file left by a killed pcscd refuses connections,
 * so existence of the file is not enough: we connect and hang up.
 */
import { statSync } from 'node:fs';
import net from 'node:net';

/** pcsc-lite's client socket; PCSCLITE_CSOCK_NAME overrides it as libpcsclite does. */
export function pcscSocketPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.PCSCLITE_CSOCK_NAME ?? '/run/pcscd/pcscd.comm';
}

export function probePcscService(
  platform: NodeJS.Platform = process.platform,
  socketPath = pcscSocketPath(),
): Promise<boolean> {
  // Windows (WinSCard) and macOS (CryptoTokenKit) start their service on demand; the addon
  // returns an error there instead of spinning, which the reader process handles as usual.
  if (platform !== 'linux') return Promise.resolve(true);
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    const done = (available: boolean) => {
      socket.destroy();
      resolve(available);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    // A listening socket that never accepts is as good as absent.
    socket.setTimeout(1000, () => done(false));
  });
}

/**
 * Names the running pcscd by its socket file (inode and change time): a restarted pcscd
 * makes a new socket. null when there is none. Linux only; elsewhere a constant.
 */
export function pcscInstance(
  platform: NodeJS.Platform = process.platform,
  socketPath = pcscSocketPath(),
): string | null {
  if (platform !== 'linux') return 'system';
  try {
    const stat = statSync(socketPath);
    return `${stat.ino}:${stat.ctimeMs}`;
  } catch {
    return null;
  }
}

import { mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pcscSocketPath, probePcscService } from '../../../electron/nfc/pcsc-service-probe';

describe('PC/SC service probe', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pcsc-probe-'));

  it('is true when the socket accepts a connection', async () => {
    const socketPath = path.join(dir, 'live.comm');
    const server = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    try {
      expect(await probePcscService('linux', socketPath)).toBe(true);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('is false for a missing socket and for a stale file left by a killed pcscd', async () => {
    expect(await probePcscService('linux', path.join(dir, 'absent.comm'))).toBe(false);
    const stale = path.join(dir, 'stale.comm');
    writeFileSync(stale, '');
    expect(await probePcscService('linux', stale)).toBe(false);
  });

  it('does not probe where the OS starts the service on demand', async () => {
    expect(await probePcscService('win32', path.join(dir, 'absent.comm'))).toBe(true);
  });

  it('honours PCSCLITE_CSOCK_NAME like libpcsclite', () => {
    expect(pcscSocketPath({ PCSCLITE_CSOCK_NAME: '/tmp/x.comm' })).toBe('/tmp/x.comm');
    expect(pcscSocketPath({})).toBe('/run/pcscd/pcscd.comm');
  });
});

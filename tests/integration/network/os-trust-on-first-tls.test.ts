import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const exchangeUrl = `file://${join(import.meta.dirname, '../../../electron/service-client/node-http-exchange.ts')}`;

/**
 * In a fresh Node (through tsx, without NODE_EXTRA_CA_CERTS, which may point at the OS
 * bundle): loading the service transport leaves Node's default CA list alone, and the
 * first https connection attempt (a pre-connect to a closed port) merges the OS store in
 * before its handshake could start. Compared by fingerprint.
 */
const script = `
import { X509Certificate } from 'node:crypto';
import { getCACertificates } from 'node:tls';
const print = (list) => new Set(list.map((pem) => new X509Certificate(pem).fingerprint256));
const system = print(getCACertificates('system'));
const missing = () => { const now = print(getCACertificates('default')); return [...system].filter((f) => !now.has(f)).length; };
const { preconnectService } = await import(${JSON.stringify(exchangeUrl)});
const afterLoad = missing();
const result = await preconnectService('https://127.0.0.1:1/v1/cf-payment');
console.log(JSON.stringify({ afterLoad, result, afterFirstTls: missing() }));
`;

describe('trusting the OS certificate store', () => {
  it('waits for the first TLS connection, not the start', () => {
    const env = { ...process.env };
    delete env.NODE_EXTRA_CA_CERTS;
    delete env.NODE_OPTIONS;
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { env, encoding: 'utf8', cwd: join(import.meta.dirname, '../../..') },
    );
    const result = JSON.parse(out.trim().split('\n').at(-1) as string) as Record<string, unknown>;
    // Only meaningful where the OS store has roots Node does not bundle (any real system).
    expect(result.afterLoad).toBeGreaterThan(0);
    expect(result.result).toBe('failed');
    expect(result.afterFirstTls).toBe(0);
  });
});

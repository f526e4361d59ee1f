import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const moduleUrl = `file://${join(import.meta.dirname, '../../../electron/network/os-certificates.ts')}`;

/**
 * Runs in a fresh Node without NODE_EXTRA_CA_CERTS (a test machine may point it at the
 * OS bundle, which would hide what the function adds): Node strips the module's types.
 * Compared by fingerprint: the same root can come back in another PEM layout.
 */
const script = `
import { X509Certificate } from 'node:crypto';
import { getCACertificates } from 'node:tls';
const { trustOsCertificates } = await import(${JSON.stringify(moduleUrl)});
const print = (list) => new Set(list.map((pem) => new X509Certificate(pem).fingerprint256));
const before = print(getCACertificates('default'));
const system = print(getCACertificates('system'));
const first = trustOsCertificates();
const after = print(getCACertificates('default'));
const again = trustOsCertificates() === first && print(getCACertificates('default')).size === after.size;
console.log(JSON.stringify({
  first,
  systemMissingBefore: [...system].filter((f) => !before.has(f)).length,
  systemMissingAfter: [...system].filter((f) => !after.has(f)).length,
  bundledMissingAfter: [...print(getCACertificates('bundled'))].filter((f) => !after.has(f)).length,
  again,
}));
`;

describe('trusting the OS certificate store', () => {
  it("adds the OS store's roots to Node's default list, once per process", () => {
    const env = { ...process.env };
    delete env.NODE_EXTRA_CA_CERTS;
    delete env.NODE_OPTIONS;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      env,
      encoding: 'utf8',
    });
    const result = JSON.parse(out) as Record<string, unknown>;
    expect(result.first).toMatchObject({ kind: 'added' });
    // Only meaningful where the OS store has roots Node does not bundle (any real system).
    expect(result.systemMissingBefore).toBeGreaterThan(0);
    expect(result.systemMissingAfter).toBe(0);
    expect(result.bundledMissingAfter).toBe(0);
    expect(result.again).toBe(true);
  });
});

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyPin } from '../../../electron/staff/pin-hash';
import { settingSchemas } from '../../../shared/settings';

const root = join(import.meta.dirname, '../../..');

/** `npm run hash-pin` as package.json defines it, run with this Node, the PIN on stdin. */
function hashPinScript(
  stdin: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const scripts = (
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  const [command, ...args] = scripts['hash-pin']!.split(' ');
  expect(command).toBe('node');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe('npm run hash-pin', () => {
  it('prints a hash of the PIN read from stdin that verifies and that the policy accepts', async () => {
    const { code, stdout, stderr } = await hashPinScript('4821\n');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const hash = stdout.trim();
    expect(stdout).toBe(`${hash}\n`);
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPin('4821', hash)).toBe(true);
    expect(await verifyPin('4820', hash)).toBe(false);
    expect(
      settingSchemas.provisionedManagers.safeParse([{ name: 'Ida', pinHash: hash }]).success,
    ).toBe(true);
  });

  it('refuses what is not a PIN, prints no hash and fails', async () => {
    for (const input of ['12\n', 'abcd\n', '123456789\n', '']) {
      const { code, stdout, stderr } = await hashPinScript(input);
      expect(code, input).toBe(1);
      expect(stdout).toBe('');
      expect(stderr).toBe('A PIN is 4 to 8 digits. Nothing was hashed.\n');
    }
  });
});

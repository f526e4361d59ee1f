import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  loadManagedPolicy,
  nodePolicyFileReader,
} from '../../../electron/settings/managed-policy-loader';
import { posixPolicyTrust, windowsPolicyTrust } from '../../../electron/settings/policy-file-trust';

// Real files, owners and modes: the checks read what the OS says. Changing a file's owner
// needs root, which the test machines (and CI) are; elsewhere this block says so and stops.
const isRoot = process.getuid?.() === 0;
if (!isRoot) console.warn('policy-file-trust: NOT RUN (needs root to chown test files)');

describe.runIf(isRoot)(
  'the machine policy file is honoured only when only root can change it',
  () => {
    let root: string;
    let policy: string;
    const text = JSON.stringify({ settings: { shopName: 'IT' }, locked: ['shopName'] });
    const load = (path: string) =>
      loadManagedPolicy({ path, readFile: nodePolicyFileReader, checkTrust: posixPolicyTrust });

    beforeEach(() => {
      // Under root's home: every folder above it is root's and not writable by others (/tmp is).
      root = mkdtempSync(join(homedir(), '.policy-trust-'));
      chmodSync(root, 0o755);
      mkdirSync(join(root, 'etc'), { mode: 0o755 });
      policy = join(root, 'etc', 'policy.json');
      writeFileSync(policy, text, { mode: 0o644 });
    });
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    it('applies a root-owned file nobody else may write', () => {
      expect(posixPolicyTrust(policy)).toEqual({ trusted: true });
      expect(load(policy).status.kind).toBe('applied');
    });

    it('ignores a file another user owns, and says why', () => {
      chownSync(policy, 1000, 1000);
      const result = load(policy);
      expect(result.status).toMatchObject({ kind: 'untrusted' });
      expect(result.policy).toBeUndefined();
      expect(JSON.stringify(result.status)).toContain('not owned by root');
    });

    it('ignores a file others may write', () => {
      chmodSync(policy, 0o666);
      expect(load(policy).status).toMatchObject({ kind: 'untrusted' });
      chmodSync(policy, 0o664);
      expect(load(policy).status).toMatchObject({ kind: 'untrusted' });
    });

    it('ignores a file in a folder others may write (they could swap the file)', () => {
      chmodSync(join(root, 'etc'), 0o777);
      expect(load(policy).status).toMatchObject({ kind: 'untrusted' });
    });

    it('follows a symlink and ignores it when it points to a place users can write', () => {
      const elsewhere = mkdtempSync(join(tmpdir(), 'policy-target-'));
      try {
        const target = join(elsewhere, 'policy.json');
        writeFileSync(target, text, { mode: 0o644 });
        const link = join(root, 'etc', 'linked.json');
        symlinkSync(target, link);
        const status = load(link).status;
        expect(status).toMatchObject({ kind: 'untrusted' });
        expect(JSON.stringify(status)).toContain('where the link');
      } finally {
        rmSync(elsewhere, { recursive: true, force: true });
      }
    });

    it('keeps "no file" as no policy, without asking about trust', () => {
      expect(load(join(root, 'etc', 'missing.json')).status.kind).toBe('none');
    });
  },
);

describe('windowsPolicyTrust reads icacls output', () => {
  const path = 'C:\\ProgramData\\CounterApp\\policy.json';

  it('trusts a file only administrators and the system may change', () => {
    const output = [
      `${path} NT AUTHORITY\\SYSTEM:(I)(F)`,
      '                                     BUILTIN\\Administrators:(I)(F)',
      '                                     BUILTIN\\Users:(I)(RX)',
      '',
      'Successfully processed 1 files; Failed processing 0 files',
    ].join('\r\n');
    expect(windowsPolicyTrust(output, path)).toEqual({ trusted: true });
  });

  it('refuses a file users may modify or write', () => {
    for (const rights of ['(I)(M)', '(F)', '(I)(W)', '(I)(RX,W)', '(WD)']) {
      const output = `${path} BUILTIN\\Administrators:(I)(F)\r\n    BUILTIN\\Users:${rights}\r\n`;
      expect(windowsPolicyTrust(output, path)).toMatchObject({ trusted: false });
    }
    const everyone = `${path} Everyone:(F)\r\n`;
    expect(windowsPolicyTrust(everyone, path)).toEqual({
      trusted: false,
      reason: `Everyone may change ${path}`,
    });
  });

  it('skips deny entries and refuses output it cannot read', () => {
    const output = `${path} BUILTIN\\Administrators:(F)\r\n   BUILTIN\\Users:(DENY)(W)\r\n`;
    expect(windowsPolicyTrust(output, path)).toEqual({ trusted: true });
    expect(windowsPolicyTrust('Access is denied.', path)).toMatchObject({ trusted: false });
  });
});

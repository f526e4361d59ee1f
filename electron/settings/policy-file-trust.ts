import { execFileSync } from 'node:child_process';
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Whether the machine policy file is IT's: a policy anybody at the till could write would
 * let them unlock what IT locked. Honoured only when the file and every folder above it
 * belong to the administrator and nobody else may write them; a symlink is followed and the
 * place it points to must pass the same test. Otherwise the policy is ignored and the
 * settings screen and the log say why.
 */
export type PolicyTrust = { trusted: true } | { trusted: false; reason: string };

/** What the POSIX check reads of a path (fs.Stats has these). */
interface OwnerAndMode {
  uid: number;
  mode: number;
  isSymbolicLink(): boolean;
}

export interface PosixTrustInputs {
  lstat(path: string): OwnerAndMode;
  stat(path: string): OwnerAndMode;
  realpath(path: string): string;
}

const nodeInputs: PosixTrustInputs = {
  lstat: (path) => lstatSync(path),
  stat: (path) => statSync(path),
  realpath: (path) => realpathSync(path),
};

/** Group or others may write: someone besides root could change the policy. */
const WRITABLE_BY_OTHERS = 0o022;

/** Linux and macOS: the file and each folder up to / owned by root, writable by root only. */
export function posixPolicyTrust(path: string, inputs: PosixTrustInputs = nodeInputs): PolicyTrust {
  const link = inputs.lstat(path);
  const target = link.isSymbolicLink() ? inputs.realpath(path) : path;
  const via = target === path ? '' : ` (where the link ${path} points)`;
  const file = inputs.stat(target);
  if (file.uid !== 0) return untrusted(`${target}${via} is not owned by root`);
  if ((file.mode & WRITABLE_BY_OTHERS) !== 0)
    return untrusted(`${target}${via} may be changed by users other than root`);
  for (let folder = dirname(target); ; folder = dirname(folder)) {
    const stats = inputs.stat(folder);
    if (stats.uid !== 0) return untrusted(`the folder ${folder}${via} is not owned by root`);
    if ((stats.mode & WRITABLE_BY_OTHERS) !== 0)
      return untrusted(`the folder ${folder}${via} may be changed by users other than root`);
    if (dirname(folder) === folder) break;
  }
  return { trusted: true };
}

/** Who may write the policy on Windows: administrators, the system and the installer service. */
const TRUSTED_WRITERS = [
  'BUILTIN\\Administrators',
  'NT AUTHORITY\\SYSTEM',
  'NT SERVICE\\TrustedInstaller',
];
/** icacls rights that let a principal change the file: full, modify, write, write data, append. */
const WRITE_RIGHTS = /\((?:F|M|W|WD|AD)\)|\((?:[A-Z]+,)*(?:WD|AD|W|WDAC|WO)(?:,[A-Z]+)*\)/;

/**
 * Windows: reads `icacls <file>` output. Trusted only when every principal with a right to
 * change the file is an administrator, the system or the installer service; a deny entry
 * never grants anything and is skipped.
 */
export function windowsPolicyTrust(icaclsOutput: string, path: string): PolicyTrust {
  const entries = icaclsOutput
    .split(/\r?\n/)
    .map((line) => (line.startsWith(path) ? line.slice(path.length) : line).trim())
    .filter((line) => line.includes(':(') && !line.startsWith('Successfully'));
  if (entries.length === 0) return untrusted(`the permissions of ${path} could not be read`);
  for (const entry of entries) {
    const separator = entry.indexOf(':(');
    const principal = entry.slice(0, separator);
    const rights = entry.slice(separator + 1);
    if (rights.includes('(DENY)')) continue;
    if (!WRITE_RIGHTS.test(rights)) continue;
    if (!TRUSTED_WRITERS.some((name) => name.toLowerCase() === principal.toLowerCase()))
      return untrusted(`${principal} may change ${path}`);
  }
  return { trusted: true };
}

/** The check for this OS; the Windows one asks icacls, which every Windows has. */
export function platformPolicyTrust(platform: string): (path: string) => PolicyTrust {
  if (platform !== 'win32') return (path) => posixPolicyTrust(path);
  return (path) => {
    try {
      const output = execFileSync('icacls', [path], { encoding: 'utf8', windowsHide: true });
      return windowsPolicyTrust(output, path);
    } catch (error) {
      return untrusted(`its permissions could not be read: ${(error as Error).message}`);
    }
  };
}

function untrusted(reason: string): PolicyTrust {
  return { trusted: false, reason };
}

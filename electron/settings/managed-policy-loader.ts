import { readFileSync, statSync } from 'node:fs';
import { MAX_POLICY_BYTES, parseManagedPolicy } from '../../shared/managed-policy';
import { silentLogger, type Logger } from '../logging/logger';
import type { PolicyTrust } from './policy-file-trust';
import type { ManagedPolicyLoad } from './settings-service';

/**
 * Reads a policy file: its text, or undefined when there is no file. Throws for any
 * other failure (no permission, a directory, too big), which is reported as a problem.
 */
export type PolicyFileReader = (path: string) => string | undefined;

/**
 * Loads the managed policy through an injected reader. No file: nothing is managed. A file
 * that cannot be read or does not pass as a whole: reported (status 'invalid', with the
 * problems in words) and nothing of it applies.
 */
export function loadManagedPolicy(options: {
  path: string;
  readFile: PolicyFileReader;
  /** Whether the file is IT's own (policy-file-trust.ts); asked only when there is a file. */
  checkTrust?: (path: string) => PolicyTrust;
  logger?: Logger;
}): ManagedPolicyLoad {
  const { path, readFile } = options;
  const logger = options.logger ?? silentLogger;
  let text: string | undefined;
  try {
    text = readFile(path);
  } catch (error) {
    const problems = [`The policy file could not be read: ${(error as Error).message}`];
    logger.error('managed policy: not applied', { path, problems });
    return { status: { kind: 'invalid', path, problems } };
  }
  if (text === undefined) return { status: { kind: 'none', path } };
  let trust: PolicyTrust;
  try {
    trust = options.checkTrust?.(path) ?? { trusted: true };
  } catch (error) {
    trust = { trusted: false, reason: `its owner could not be read: ${(error as Error).message}` };
  }
  if (!trust.trusted) {
    const reason = `The policy file was ignored because ${trust.reason}. Only administrators may be able to change it.`;
    logger.error('managed policy: not applied', { path, reason });
    return { status: { kind: 'untrusted', path, reason } };
  }

  const parsed = parseManagedPolicy(text);
  if (!parsed.ok) {
    logger.error('managed policy: not applied', { path, problems: parsed.problems });
    return { status: { kind: 'invalid', path, problems: parsed.problems } };
  }
  const presetKeys = Object.keys(parsed.policy.settings) as (keyof typeof parsed.policy.settings)[];
  logger.info('managed policy: applied', { path, presetKeys, lockedKeys: parsed.policy.locked });
  return {
    status: { kind: 'applied', path, presetKeys, lockedKeys: [...parsed.policy.locked] },
    policy: parsed.policy,
  };
}

/** The Node reader: ENOENT means "no policy"; files over the size limit are refused unread. */
export const nodePolicyFileReader: PolicyFileReader = (path) =>
  nodePolicyBytesReader(path, MAX_POLICY_BYTES)?.toString('utf8');

/** The bytes of a policy file (a plist may be binary), or undefined when there is none. */
export function nodePolicyBytesReader(path: string, maxBytes: number): Buffer | undefined {
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw new Error('it is not a regular file');
    size = stat.size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (size > maxBytes) throw new Error(`it is larger than ${maxBytes} bytes`);
  return readFileSync(path);
}

import { parse, parseBinary, type PlistValue } from 'plist';
import { MAX_POLICY_BYTES } from '../../shared/managed-policy';
import { policyValueShapes } from '../../shared/policy-value-kinds';
import { isSettingKey } from '../../shared/settings';
import { checkedPolicyLoad } from './checked-policy-load';
import type { PolicyTrust } from './policy-file-trust';
import type { ManagedPolicyLoad } from './settings-service';

/**
 * macOS policy, as a configuration profile (Jamf, Intune, any MDM) leaves it in managed
 * preferences for the app's bundle id (docs/it-deployment.md):
 *   /Library/Managed Preferences/com.counterapp.till.plist           the machine's
 *   /Library/Managed Preferences/<user>/com.counterapp.till.plist    one user's
 * Top-level keys are locked settings; a `Recommended` dictionary holds presets. The file may
 * be XML or binary (macOS writes either); both are read with the `plist` package.
 */
const MANAGED_PREFERENCES_DOMAIN = 'com.counterapp.till';
const RECOMMENDED = 'Recommended';

export function managedPreferencesPath(user?: string): string {
  const folder = user ? `/Library/Managed Preferences/${user}` : '/Library/Managed Preferences';
  return `${folder}/${MANAGED_PREFERENCES_DOMAIN}.plist`;
}

type PlistDict = { [key: string]: PlistValue };

function isDict(value: PlistValue | undefined): value is PlistDict {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Date) &&
    !(value instanceof Uint8Array)
  );
}

const BINARY_MAGIC = 'bplist00';

function parsePlist(bytes: Uint8Array): PlistValue {
  const head = new TextDecoder().decode(bytes.subarray(0, BINARY_MAGIC.length));
  if (head === BINARY_MAGIC) return parseBinary(bytes);
  return parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
}

/** A text that is empty stands for null where the setting allows it (as in the registry). */
function settingValueOf(name: string, value: PlistValue): unknown {
  if (isSettingKey(name) && value === '' && policyValueShapes[name].nullable) return null;
  return value;
}

/**
 * The policy in one managed-preferences file. Apple's profile envelope keys (Payload...) are
 * skipped; any other unknown key is a problem, as in the JSON file.
 */
export function plistPolicyFromBytes(bytes: Uint8Array, path: string): ManagedPolicyLoad {
  let root: PlistValue;
  try {
    root = parsePlist(bytes);
  } catch (error) {
    return {
      status: {
        kind: 'invalid',
        path,
        problems: [
          `The managed preferences could not be read as a plist: ${(error as Error).message}`,
        ],
      },
    };
  }
  if (!isDict(root))
    return {
      status: {
        kind: 'invalid',
        path,
        problems: ['The managed preferences must be a dictionary.'],
      },
    };
  const recommended = root[RECOMMENDED];
  if (recommended !== undefined && !isDict(recommended))
    return {
      status: {
        kind: 'invalid',
        path,
        problems: ['"Recommended" in the managed preferences must be a dictionary.'],
      },
    };

  const settings: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(recommended ?? {}))
    settings[name] = settingValueOf(name, value);
  const locked: string[] = [];
  for (const [name, value] of Object.entries(root)) {
    if (name === RECOMMENDED || name.startsWith('Payload')) continue;
    settings[name] = settingValueOf(name, value);
    locked.push(name);
  }
  if (Object.keys(settings).length === 0) return { status: { kind: 'none', path } };
  return checkedPolicyLoad(path, settings, locked);
}

/** Reads a file's bytes, or undefined when there is none; throws for anything else. */
export type PlistFileReader = (path: string, maxBytes: number) => Uint8Array | undefined;

/**
 * Reads one managed-preferences file. Like the JSON policy, it counts only when only the
 * administrator can change it (the MDM agent writes it as root).
 */
export function readPlistPolicy(
  path: string,
  readFile: PlistFileReader,
  checkTrust: (path: string) => PolicyTrust,
): ManagedPolicyLoad {
  let bytes: Uint8Array | undefined;
  try {
    bytes = readFile(path, MAX_POLICY_BYTES);
  } catch (error) {
    return {
      status: {
        kind: 'invalid',
        path,
        problems: [`The managed preferences could not be read: ${(error as Error).message}`],
      },
    };
  }
  if (bytes === undefined) return { status: { kind: 'none', path } };
  let trust: PolicyTrust;
  try {
    trust = checkTrust(path);
  } catch (error) {
    trust = { trusted: false, reason: `its owner could not be read: ${(error as Error).message}` };
  }
  if (!trust.trusted)
    return {
      status: {
        kind: 'untrusted',
        path,
        reason: `The managed preferences were ignored because ${trust.reason}.`,
      },
    };
  return plistPolicyFromBytes(bytes, path);
}

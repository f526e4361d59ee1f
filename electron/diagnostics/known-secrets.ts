import type { Settings } from '../../shared/settings';
import { openReadOnlyConnection } from '../journal/journal-connection';
import type { KnownSecrets } from './bundle-redaction';

/** What the staff table holds that must not leave: every name and PIN hash, removed staff too. */
export type StaffSecrets =
  { read: true; names: string[]; pinHashes: string[] } | { read: false; reason: string };

/**
 * The staff table's names and PIN hashes, on a read-only connection of the journal (like the
 * journal check). Held only while a diagnostics file is built, to mask them wherever they
 * appear; a journal that cannot be read says why.
 */
export function readStaffSecrets(journalPath: string): StaffSecrets {
  let db;
  try {
    db = openReadOnlyConnection(journalPath);
  } catch (error) {
    return { read: false, reason: reasonOf(error) };
  }
  try {
    const rows = db.prepare('SELECT name, pin_hash FROM staff').all();
    return {
      read: true,
      names: rows.map((row) => String(row.name)),
      pinHashes: rows.map((row) => String(row.pin_hash)),
    };
  } catch (error) {
    return { read: false, reason: reasonOf(error) };
  } finally {
    db.close();
  }
}

/**
 * A PIN hash and its salt and key (`scrypt$N$r$p$salt$key`): either part alone is what an
 * offline guess needs besides the parameters, so each is masked on its own as well.
 */
export function pinHashParts(pinHash: string): string[] {
  const parts = pinHash.split('$');
  return [pinHash, ...(parts.length === 6 && parts[0] === 'scrypt' ? parts.slice(4) : [])];
}

/**
 * Every secret the till knows when the file is built: `exact` (the API token, the secret parts
 * of the settings' addresses), the provisioned managers' names and hashes (from the settings)
 * and the staff table's.
 */
export function knownSecrets(
  exact: readonly string[],
  managers: Settings['provisionedManagers'],
  staff: StaffSecrets,
): KnownSecrets {
  const hashes = [
    ...managers.map((manager) => manager.pinHash),
    ...(staff.read ? staff.pinHashes : []),
  ];
  return {
    exact: [...exact, ...hashes.flatMap(pinHashParts)],
    names: [...managers.map((manager) => manager.name), ...(staff.read ? staff.names : [])],
  };
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

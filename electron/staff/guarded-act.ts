import { createHash } from 'node:crypto';
import type { Permission } from '../../shared/staff';

/**
 * One act a person asks the till for: a call with its arguments, and what it needs. A
 * manager's approval is for exactly one act (its `key`), never for a kind of act.
 */
export interface GuardedAct {
  /** The call's name in the contract. */
  call: string;
  /** A digest of the call and its arguments (as the contract parsed them). */
  key: string;
  /** Every permission the act needs. */
  needs: readonly Permission[];
  /** It would turn staff PINs off. */
  turnsPinsOff: boolean;
  /** What it acts on, for the audit trail: the arguments without PINs or tokens, a patch's keys. */
  object: Record<string, unknown>;
}

/** Arguments that never go into the audit trail. */
const SECRET_ARGUMENTS = new Set(['pin', 'token']);

export function guardedAct(
  call: string,
  args: unknown,
  needs: readonly Permission[],
  turnsPinsOff = false,
): GuardedAct {
  return { call, key: actKey(call, args), needs, turnsPinsOff, object: actObject(args) };
}

/**
 * The same for the same call and equal arguments, whatever order their keys came in; another
 * for arguments with one key more, even a key whose value is undefined (Electron's IPC keeps
 * it, and the guard counts every key: call-access.ts).
 */
export function actKey(call: string, args: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([call, canonical(args ?? {})]))
    .digest('base64url');
}

/**
 * Every value tagged with what it is, objects as their [key, value] pairs sorted by key, all the
 * way down: nothing JSON would leave out (an undefined, a key holding one) or blur (an
 * undefined in an array read as null) is lost, and no two shapes write the same text.
 */
function canonical(value: unknown): unknown {
  if (value === undefined) return ['undefined'];
  if (Array.isArray(value)) return ['array', value.map(canonical)];
  if (value === null || typeof value !== 'object') return ['value', value];
  const object = value as Record<string, unknown>;
  return [
    'object',
    Object.keys(object)
      .sort()
      .map((key) => [key, canonical(object[key])]),
  ];
}

function actObject(args: unknown): Record<string, unknown> {
  if (args === null || typeof args !== 'object') return {};
  const object: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    if (SECRET_ARGUMENTS.has(name)) continue;
    // A settings patch: which settings, not their values (a value may be long, or private).
    if (name === 'patch' && value !== null && typeof value === 'object') {
      object.keys = Object.keys(value).sort();
    } else object[name] = value;
  }
  return object;
}

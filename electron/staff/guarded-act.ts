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

/** The same for the same call and equal arguments, whatever order their keys came in. */
export function actKey(call: string, args: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([call, canonical(args ?? {})]))
    .digest('base64url');
}

/** Objects with their keys sorted, all the way down; what JSON would leave out, left out. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
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

import { AsyncLocalStorage } from 'node:async_hooks';

/** Who a guarded call was allowed for: the person signed in, and the manager who approved. */
export interface CallAuthorization {
  /** Null with staff PINs off. */
  actorId: string | null;
  /** The manager whose PIN approved this one act; null when a manager made it themself. */
  approverId: string | null;
}

const current = new AsyncLocalStorage<CallAuthorization>();

/**
 * Runs a guarded call's handler with the authorization the guard (staff-guard.ts) found, so a
 * handler that records who acted (a void names the approving manager) reads the very approval
 * this call consumed, even while other calls run between its awaits.
 */
export function runAuthorized<T>(authorization: CallAuthorization, handler: () => T): T {
  return current.run(authorization, handler);
}

/** The authorization of the guarded call running now; null outside one (PINs off included). */
export function authorizationOfThisCall(): CallAuthorization | null {
  return current.getStore() ?? null;
}

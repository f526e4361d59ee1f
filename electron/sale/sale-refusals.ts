import type { z } from 'zod';
import type { OrderRecord } from '../journal/order-record';
import { SaleRuleError } from './sale-errors';
import type { SaleAction } from './sale-snapshot';

/**
 * The sale's answers to a cashier action it will not carry out. Each is a SaleRuleError, so
 * the page words it from its code; none of them has touched the journal.
 */

/** Another sale is open: the cashier finishes, cancels or voids it first. */
export function saleInProgress(open: OrderRecord): SaleRuleError {
  return new SaleRuleError(
    'sale-in-progress',
    `Sale ${open.reference} is ${open.state}; finish, cancel or void it first.`,
  );
}

/** The action is not among the current sale's allowed actions. */
export function notAllowed(action: SaleAction, record: OrderRecord | null): SaleRuleError {
  return new SaleRuleError(
    'not-allowed',
    `${action} is not allowed ${record ? `while the sale is ${record.state}` : 'without a sale'}.`,
  );
}

/** The amount, fee or asset given is not valid. */
export function invalidSale(reason: string): SaleRuleError {
  return new SaleRuleError('invalid-sale', reason);
}

/** The request the order would send does not pass its wire schema (e.g. no serial number). */
export function cannotBeSent(error: z.ZodError): SaleRuleError {
  return invalidSale(`The sale cannot be sent: ${error.issues[0]?.message ?? 'invalid'}`);
}

/**
 * Runs a cashier action whose refusals are thrown, and hands back a promise either way:
 * the facade's methods are all promise-returning, and a refusal must reach the caller as
 * a rejection, never as a throw from the call itself. A promise the action returns is
 * handed back as it is, so a double press still gets the very same promise.
 */
export function refusalsAsRejections<T>(action: () => T | Promise<T>): Promise<T> {
  try {
    return Promise.resolve(action());
  } catch (error) {
    return Promise.reject(error);
  }
}

/** Why the sale refused a cashier's action; the page words it from `code`. */
export type SaleRuleCode =
  /** Another sale is open and must be finished, cancelled or voided first. */
  | 'sale-in-progress'
  /** The action is not allowed in the sale's current state (see SaleSnapshot.allowedActions). */
  | 'not-allowed'
  /** The amount, fee or asset given is not valid. */
  | 'invalid-sale'
  /** The order asked about is the sale still on the sale screen: finish it there first. */
  | 'sale-on-screen'
  /** No order with that id in this till's journal. */
  | 'no-order';

export class SaleRuleError extends Error {
  override readonly name = 'SaleRuleError';
  constructor(
    readonly code: SaleRuleCode,
    message: string,
  ) {
    super(message);
  }
}

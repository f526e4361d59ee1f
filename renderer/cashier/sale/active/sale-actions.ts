import type { SaleStepCall } from '../../../../shared/ipc/contract';
import type { SaleAction, SaleSnapshot } from '../../../../shared/sale/sale-snapshot';

/**
 * The buttons of the active sale, made from `allowedActions` only: the service decides what
 * is possible, the page never offers an action the sale would refuse. Order = priority on
 * screen (the main action first).
 */
export interface SaleButton {
  action: ButtonAction;
  call: SaleStepCall;
  label: string;
  /** A line under the label: what pressing it means. */
  hint?: string;
  testId: string;
  variant: 'primary' | 'secondary' | 'danger';
}

/** Actions with a control of their own: the hold-to-confirm panel and the late-payment dialog. */
type ButtonAction = Exclude<SaleAction, 'confirmPaidByCashier' | 'markPaidAfterAll'>;

const order: ButtonAction[] = [
  'acceptLinkAmount',
  'retrySameOrder',
  'newLinkForExpired',
  'newSale',
  'voidOrder',
  'cancel',
];

export function saleButtons(sale: SaleSnapshot): SaleButton[] {
  return order
    .filter((action) => sale.allowedActions.includes(action))
    .map((action) => buttonFor(action, sale));
}

function buttonFor(action: ButtonAction, sale: SaleSnapshot): SaleButton {
  switch (action) {
    case 'acceptLinkAmount':
      return {
        action,
        call: 'acceptLinkAmount',
        label: 'Accept this amount',
        hint: 'Show the link to the customer as it is',
        testId: 'accept-link-amount',
        variant: 'primary',
      };
    case 'retrySameOrder':
      return {
        action,
        call: 'retrySameOrder',
        label: 'Retry same order',
        hint:
          sale.kind === 'nfc'
            ? `Wait for a new tap for order ${sale.reference}`
            : `Ask again for order ${sale.reference}`,
        testId: 'retry-same-order',
        variant: 'primary',
      };
    case 'newLinkForExpired':
      return {
        action,
        call: 'newLinkForExpired',
        label: sale.state === 'refused' ? 'Try again' : 'New link',
        hint:
          sale.state === 'refused'
            ? 'A new order for the same amount and asset'
            : 'Same amount and asset, a fresh QR code',
        testId: 'new-link',
        variant: 'primary',
      };
    case 'newSale':
      return {
        action,
        call: 'finishSale',
        label: 'New sale',
        testId: 'new-sale',
        variant: sale.allowedActions.includes('newLinkForExpired') ? 'secondary' : 'primary',
      };
    case 'voidOrder':
      return {
        action,
        call: 'voidOrder',
        label: 'Void',
        hint: 'Give this order up; it stays in the history as voided',
        testId: 'void-order',
        variant: 'danger',
      };
    case 'cancel':
      return {
        action,
        call: 'cancelSale',
        label: 'Cancel',
        hint: 'The customer does not pay',
        testId: 'cancel-sale',
        variant: 'danger',
      };
  }
}

import type { SaleStepCall } from '../../../../shared/ipc/contract';
import type { SaleAction, SaleSnapshot } from '../../../../shared/sale/sale-snapshot';

/**
 * The buttons of the active sale, made from `allowedActions` only: the service decides what
 * is possible, the page never offers an action the sale would refuse. Order = priority on
 * screen (the main action first).
 */
export interface SaleButton {
  action: SaleAction;
  call: SaleStepCall;
  label: string;
  /** A line under the label: what pressing it means. */
  hint?: string;
  testId: string;
  variant: 'primary' | 'secondary' | 'danger';
}

const order: SaleAction[] = [
  'acceptLinkAmount',
  'confirmPaidByCashier',
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

function buttonFor(action: SaleAction, sale: SaleSnapshot): SaleButton {
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
    case 'confirmPaidByCashier':
      return {
        action,
        call: 'confirmPaidByCashier',
        label: 'Customer paid',
        hint:
          sale.kind === 'nfc'
            ? "Your confirmation: the customer's wallet shows the payment done"
            : "Your confirmation: you saw 'paid' in the customer's wallet",
        testId: 'customer-paid',
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
        label: 'New link',
        hint: 'Same amount and asset, a fresh QR code',
        testId: 'new-link',
        variant: 'primary',
      };
    case 'newSale':
      return {
        action,
        call: 'finishSale',
        label: 'New sale',
        testId: 'new-sale',
        variant: sale.state === 'expired' ? 'secondary' : 'primary',
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

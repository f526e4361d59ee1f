import type { SaleState } from '../../../shared/sale/sale-states';

export type StateTone = 'working' | 'waiting' | 'success' | 'ended' | 'problem';

/** Each sale state in a few words for the cashier, with a tone for its colour. */
export const saleStateWords: Record<SaleState, { label: string; tone: StateTone }> = {
  requesting: { label: 'Asking the service for a payment link…', tone: 'working' },
  'amount-differs': { label: 'Check the amount before the customer sees it', tone: 'problem' },
  'awaiting-payment': { label: 'Waiting for the customer to pay', tone: 'waiting' },
  'paid-confirmed-by-cashier': { label: 'Paid (confirmed by you)', tone: 'success' },
  cancelled: { label: 'Cancelled', tone: 'ended' },
  expired: { label: 'The payment link expired', tone: 'ended' },
  'waiting-for-tap': { label: 'Tap your phone', tone: 'waiting' },
  submitting: { label: 'Sending the payment…', tone: 'working' },
  'accepted-by-service': { label: 'Paid (accepted by the service)', tone: 'success' },
  refused: { label: 'Payment refused', tone: 'problem' },
  'outcome-unknown': { label: 'Outcome unknown', tone: 'problem' },
  failed: { label: 'The request failed', tone: 'problem' },
  'retry-refused': { label: 'The retry was refused', tone: 'problem' },
  voided: { label: 'Voided', tone: 'ended' },
  'paid-after-all': { label: 'Paid after all (late payment)', tone: 'success' },
};

/** Short state names for the history table. */
export const stateShortLabel: Record<SaleState, string> = {
  requesting: 'Requesting',
  'amount-differs': 'Amount differs',
  'awaiting-payment': 'Awaiting payment',
  'paid-confirmed-by-cashier': 'Paid (cashier)',
  cancelled: 'Cancelled',
  expired: 'Expired',
  'waiting-for-tap': 'Waiting for tap',
  submitting: 'Submitting',
  'accepted-by-service': 'Paid (NFC)',
  refused: 'Refused',
  'outcome-unknown': 'Outcome unknown',
  failed: 'Failed',
  'retry-refused': 'Retry refused',
  voided: 'Voided',
  'paid-after-all': 'Paid late',
};

export const toneColor: Record<StateTone, string> = {
  working: 'blue',
  waiting: 'indigo',
  success: 'green',
  ended: 'gray',
  problem: 'orange',
};

import type { CustomerPhase, CustomerView } from '../../shared/ipc/views';
import type { StatusIconKind } from '../common/status-icon';
import type { StatusTone } from '../common/theme';

/**
 * Which screen the customer sees for a view, and its words. Pure, so every phase is a table
 * test. Outcomes say what happened and what to do, in words (the colour and icon only back
 * them up). 'problem' never says paid or not paid, nor that anything failed: it is the till's
 * business, and the cashier finds out and tells them.
 */
export type DisplayScreen =
  | { kind: 'welcome'; title: string; subtitle: string }
  | { kind: 'progress'; title: string; detail: string }
  | { kind: 'scan' }
  | { kind: 'tap' }
  | { kind: 'outcome'; tone: StatusTone; icon: StatusIconKind; title: string; detail: string };

const outcomes: Record<
  'paid' | 'expired' | 'cancelled' | 'declined' | 'problem',
  Extract<DisplayScreen, { kind: 'outcome' }>
> = {
  paid: {
    kind: 'outcome',
    tone: 'success',
    icon: 'check',
    title: 'Payment received',
    detail: 'Thank you!',
  },
  expired: {
    kind: 'outcome',
    tone: 'warning',
    icon: 'clock',
    title: 'Time is up',
    detail: 'This payment code has expired. Please do not pay it. The cashier can make a new one.',
  },
  cancelled: {
    kind: 'outcome',
    tone: 'neutral',
    icon: 'stop',
    title: 'Payment cancelled',
    detail: 'Please do not pay this code. Ask the cashier if you have a question.',
  },
  declined: {
    kind: 'outcome',
    tone: 'danger',
    icon: 'cross',
    title: 'Payment declined',
    detail: 'The payment did not go through. Please ask the cashier.',
  },
  // The till's own trouble (no answer, a refused link request): calm, neutral, no alarm. The
  // customer is only asked not to pay twice; the cashier sees what happened and deals with it.
  problem: {
    kind: 'outcome',
    tone: 'neutral',
    icon: 'wait',
    title: 'One moment, please',
    detail: 'The cashier will be right with you. Please do not pay again until they say so.',
  },
};

export function screenFor(view: CustomerView | null): DisplayScreen {
  if (!view) return { kind: 'welcome', title: 'Welcome', subtitle: '' };
  const phase: CustomerPhase = view.phase;
  switch (phase) {
    case 'idle': {
      const shop = view.shopName.trim();
      return shop
        ? { kind: 'welcome', title: shop, subtitle: 'Welcome' }
        : { kind: 'welcome', title: 'Welcome', subtitle: '' };
    }
    case 'preparing':
      return { kind: 'progress', title: 'Preparing your payment', detail: 'One moment, please.' };
    case 'scan':
      // No link to show (not yet, or not allowed): never an empty QR frame.
      return view.qrUrl
        ? { kind: 'scan' }
        : { kind: 'progress', title: 'Preparing your payment', detail: 'One moment, please.' };
    case 'tap':
      return { kind: 'tap' };
    case 'processing':
      return {
        kind: 'progress',
        title: 'Processing your payment',
        detail: 'Please wait. You can take your phone away.',
      };
    case 'paid':
    case 'expired':
    case 'cancelled':
    case 'declined':
    case 'problem':
      return outcomes[phase];
    default: {
      // A phase this page does not know yet (a newer main): calm, not blank.
      const unknown: never = phase;
      void unknown;
      return {
        kind: 'progress',
        title: 'Please wait',
        detail: 'The cashier will be with you in a moment.',
      };
    }
  }
}

/**
 * Font size (in vh) for an amount text of this many characters, so "5.00 USDT" is huge and an
 * 18-decimal amount is still large, wrapping onto a second line beside the QR rather than
 * shrinking to small print.
 */
export function amountFontVh(text: string): number {
  const length = [...text].length;
  if (length <= 10) return 11;
  if (length <= 14) return 8.5;
  if (length <= 19) return 6.5;
  return 5;
}

import type { ReceiptPrintStatus } from '../../../shared/printing/receipt-views';

/**
 * How each print outcome shows, so the cashier can act on it at a glance: printed (green),
 * not printed (red: nothing reached the printer, trying again is safe), unknown (yellow: it
 * may be on paper, so look before printing again; a new print says COPY). The words of what
 * happened and the one action are main's (`message`, `action`); this adds the colour, a
 * heading for the screen reader, and the button that fits.
 */
export interface PrintOutcomeLook {
  /** Mantine colour of the line. */
  color: 'gray' | 'green' | 'red' | 'yellow';
  /** The outcome in a word or three, said before the message. */
  heading: string;
  /** The button that follows, if any: try again (as asked before) or print again as a COPY. */
  retry: { label: string; copy: 'as-before' | true; testId: string } | null;
}

export const printOutcomeLooks: Record<ReceiptPrintStatus['state'], PrintOutcomeLook> = {
  printing: { color: 'gray', heading: 'Printing', retry: null },
  printed: { color: 'green', heading: 'Printed', retry: null },
  'not-printed': {
    color: 'red',
    heading: 'Not printed',
    retry: { label: 'Try again', copy: 'as-before', testId: 'receipt-try-again' },
  },
  unknown: {
    color: 'yellow',
    heading: 'Not known whether it printed',
    retry: { label: 'Print again, marked COPY', copy: true, testId: 'receipt-print-again' },
  },
};

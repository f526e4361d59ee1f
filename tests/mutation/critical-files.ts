/**
 * The code where a bug costs money or trust, mutation-tested file by file: each file is judged
 * by its own unit tests only (`tests`), so a mutant counts as caught when the tests written for
 * that rule catch it, not when some end-to-end test happens to trip over it.
 */
export interface CriticalFile {
  /** The file whose mutants are made. */
  source: string;
  /** The unit tests written for it; the only tests run against its mutants. */
  tests: readonly string[];
}

/** Below this mutation score (percent) a critical file fails the check. */
export const MUTATION_SCORE_FLOOR = 90;

export const criticalFiles: readonly CriticalFile[] = [
  // Money: amounts, their arithmetic and display; prices in money turned into asset units, fees.
  { source: 'shared/money.ts', tests: ['tests/unit/shared/money.test.ts'] },
  {
    source: 'shared/pricing/conversion.ts',
    tests: [
      'tests/unit/shared/pricing/conversion.test.ts',
      'tests/unit/shared/pricing/fee-money.test.ts',
    ],
  },
  // The link the customer's wallet opens, and when it stops being payable.
  {
    source: 'shared/payment-link-check.ts',
    tests: ['tests/unit/shared/payment-link-check.test.ts'],
  },
  { source: 'shared/expire-at.ts', tests: ['tests/unit/shared/expire-at.test.ts'] },
  // The sale: what a request may be, when a second press is the same sale, which step follows which.
  {
    source: 'electron/sale/sale-input-checks.ts',
    tests: ['tests/unit/sale/sale-input-checks.test.ts'],
  },
  { source: 'shared/sale/sale-states.ts', tests: ['tests/unit/shared/sale/sale-states.test.ts'] },
  // PINs: every check, and the lockout after wrong ones.
  {
    source: 'electron/staff/pin-checks.ts',
    tests: ['tests/unit/staff/pin-checks.test.ts', 'tests/unit/staff/staff-lockout.test.ts'],
  },
  { source: 'electron/staff/pin-lockout.ts', tests: ['tests/unit/staff/pin-lockout.test.ts'] },
  // Printing: what the till tells the cashier about a print job.
  {
    source: 'electron/printing/print-queue.ts',
    tests: ['tests/unit/printing/print-queue.test.ts'],
  },
  {
    source: 'electron/printing/escpos/network-faults.ts',
    tests: ['tests/unit/printing/escpos-network-faults.test.ts'],
  },
  {
    source: 'electron/printing/escpos/paper-status.ts',
    tests: ['tests/unit/printing/escpos-network-faults.test.ts'],
  },
  {
    source: 'electron/printing/escpos/printer-connection.ts',
    tests: [
      'tests/unit/printing/escpos-network-printer.test.ts',
      'tests/unit/printing/escpos-network-faults.test.ts',
    ],
  },
  {
    source: 'electron/printing/escpos/network-printer.ts',
    tests: ['tests/unit/printing/escpos-network-printer.test.ts'],
  },
  {
    source: 'electron/printing/spooler-jobs.ts',
    tests: ['tests/unit/printing/spooler-jobs.test.ts'],
  },
  {
    source: 'electron/printing/cups-spooler.ts',
    tests: ['tests/unit/printing/cups-spooler.test.ts'],
  },
  // Policy: every value IT or the till may set, checked one key at a time.
  {
    source: 'shared/settings/service.ts',
    tests: [
      'tests/unit/shared/settings/service.test.ts',
      'tests/unit/shared/settings-schema.test.ts',
      'tests/unit/shared/setting-declarations.test.ts',
    ],
  },
  {
    source: 'shared/settings/shop.ts',
    tests: [
      'tests/unit/shared/settings/shop.test.ts',
      'tests/unit/shared/settings-schema.test.ts',
      'tests/unit/shared/receipt-settings.test.ts',
      'tests/unit/shared/setting-declarations.test.ts',
    ],
  },
  {
    source: 'shared/settings/pricing.ts',
    tests: [
      'tests/unit/shared/settings/pricing.test.ts',
      'tests/unit/shared/settings-schema.test.ts',
      'tests/unit/shared/setting-declarations.test.ts',
    ],
  },
  {
    source: 'shared/settings/staff.ts',
    tests: [
      'tests/unit/shared/settings/staff.test.ts',
      'tests/unit/shared/setting-declarations.test.ts',
    ],
  },
  {
    source: 'shared/settings/printing.ts',
    tests: [
      'tests/unit/shared/settings/printing.test.ts',
      'tests/unit/shared/receipt-settings.test.ts',
      'tests/unit/shared/setting-declarations.test.ts',
    ],
  },
  {
    source: 'shared/settings/display.ts',
    tests: [
      'tests/unit/shared/settings/display.test.ts',
      'tests/unit/shared/settings-schema.test.ts',
      'tests/unit/shared/setting-declarations.test.ts',
    ],
  },
  {
    source: 'shared/settings/updates.ts',
    tests: [
      'tests/unit/shared/settings/updates.test.ts',
      'tests/unit/shared/settings-schema.test.ts',
      'tests/unit/shared/setting-declarations.test.ts',
    ],
  },
  {
    source: 'shared/settings/text-rules.ts',
    tests: [
      'tests/unit/shared/settings/text-rules.test.ts',
      'tests/unit/shared/settings-schema.test.ts',
      'tests/unit/shared/receipt-settings.test.ts',
    ],
  },
  {
    source: 'shared/settings/time-zones.ts',
    tests: [
      'tests/unit/shared/settings/time-zones.test.ts',
      'tests/unit/shared/settings-schema.test.ts',
    ],
  },
  { source: 'shared/managed-policy.ts', tests: ['tests/unit/settings/managed-policy.test.ts'] },
];

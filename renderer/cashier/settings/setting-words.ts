import type {
  PageSettingValues,
  ReceiptPrintingMode,
  SettingKey,
  Settings,
} from '../../../shared/settings';

/**
 * Every setting in the words the Settings page shows, and its value as text for where it is
 * read-only (IT's values, a section the person may not change). Listed here rather than taken
 * from shared/settings.ts, which would bring zod into the page bundle; the type check fails
 * when a setting has no words, and tests/unit/renderer/cashier/settings-sections.test.ts checks
 * `itOnlyKeys` against the declarations.
 */
export const settingTitles: Record<SettingKey, string> = {
  serviceBaseUrl: 'Service address',
  serialNumber: 'Till serial number',
  currency: "Shop's currency",
  feeValue: 'Fee per QR sale typed in asset units',
  serviceTimeZone: 'Service time zone',
  reportTimeZone: 'Report time zone',
  shopName: 'Shop name',
  shopLogo: 'Shop logo',
  shopAddress: 'Shop address',
  shopTaxId: 'Tax id',
  receiptFooter: 'Receipt footer',
  receiptPrinting: 'Print a receipt',
  receiptPrinter: 'Receipt printer',
  receiptPaper: 'Receipt paper',
  soundOn: 'Sounds at the till',
  soundVolume: 'Volume',
  customerDisplaySound: 'Customer display plays sounds too',
  customerDisplay: 'Customer display',
  nfcAid: 'Wallet NFC AID',
  nfcReadDeadlineMs: 'Longest time one tap may take to read',
  demoModeAllowed: 'Allow demo mode when no service is set',
  lastChainId: 'Last chain picked',
  lastAsset: 'Last asset picked',
  allowedWalletHosts: 'Wallet hosts a payment link may go to',
  amountEntry: 'How prices are typed',
  feePercent: 'Fee, percent of the price',
  feeFixed: 'Fee, fixed amount',
  ratePegs: 'Fixed prices for stablecoins',
  rateProviderUrl: 'Rate provider',
  rateMaxAgeSeconds: 'Oldest provider rate used',
  lastLinkRateMaxAgeSeconds: "Oldest rate of this till's latest link used",
  rateSourceOrder: 'Where prices come from, in order',
  fixedUsdPerUnit: 'Fixed US dollar rate',
  rateTolerancePercent: 'Rate tolerance',
  staffPinsRequired: 'Staff PINs',
  autoLockMinutes: 'Lock the till after',
  provisionedManagers: 'Managers set up by IT',
  updateFeedUrl: 'Update feed',
  updateChannel: 'Update channel',
  staffRoles: 'Roles defined by IT',
  shiftRequired: 'Selling needs an open shift',
};

/** The settings only IT sets, through its policy: never an input at the till. */
export const itOnlyKeys: ReadonlySet<SettingKey> = new Set<SettingKey>([
  'allowedWalletHosts',
  'nfcReadDeadlineMs',
  'ratePegs',
  'rateProviderUrl',
  'rateMaxAgeSeconds',
  'lastLinkRateMaxAgeSeconds',
  'rateSourceOrder',
  'fixedUsdPerUnit',
  'rateTolerancePercent',
  'provisionedManagers',
  'staffRoles',
  'updateFeedUrl',
  'updateChannel',
]);

export const amountEntryChoices: { value: Settings['amountEntry']; label: string }[] = [
  { value: 'money', label: "In the shop's currency" },
  { value: 'asset', label: 'In units of the asset' },
  { value: 'money-or-asset', label: 'Either, with a switch on the keypad' },
];

export const receiptPrintingChoices: { value: ReceiptPrintingMode; label: string }[] = [
  { value: 'off', label: 'Off (from the history)' },
  { value: 'ask', label: 'Ask after a payment' },
  { value: 'automatic', label: 'After every payment' },
];

export const receiptPaperChoices: { value: string; label: string }[] = [
  { value: 'roll-80', label: 'Roll, 80 mm' },
  { value: 'roll-58', label: 'Roll, 58 mm' },
  { value: 'a4', label: 'A4 sheet' },
  { value: 'letter', label: 'Letter sheet' },
];

export const customerDisplayModeWords: Record<Settings['customerDisplay']['mode'], string> = {
  auto: 'Automatic: the first display that is not the cashier’s',
  display: 'A chosen display',
  'same-screen': 'A window on the cashier’s screen',
  off: 'Off',
};

/** The choices of `shiftRequired`, in the manager's words. */
export const shiftRequiredChoices: { value: Settings['shiftRequired']; label: string }[] = [
  { value: 'with-staff-pins', label: 'When staff PINs are on' },
  { value: 'always', label: 'Always' },
  { value: 'never', label: 'Never: sell without a shift' },
];

const rateSourceWords: Record<Settings['rateSourceOrder'][number], string> = {
  peg: 'fixed prices',
  manual: 'prices typed by a manager',
  provider: 'the rate provider',
  'last-link': "the latest link's rate",
};

const labelOf = (choices: { value: string; label: string }[], value: string) =>
  choices.find((choice) => choice.value === value)?.label ?? value;

const orNone = (text: string, none = 'None') => (text === '' ? none : text);

/** Where a receipt goes, in words: "no printer", "the network printer 10.0.0.40:9100". */
function receiptPrinterWords(printer: Settings['receiptPrinter']): string {
  if (printer.kind === 'none') return 'no printer';
  if (printer.kind === 'os') return printer.deviceName ?? "the computer's default printer";
  return `the network printer ${printer.host ?? ''}:${printer.port ?? 9100}`;
}

/**
 * An address main cut to its origin ("https://rates.example.com"): its host, as a person names
 * the place ("rates.example.com"); the rest of the address, a key in it too, stays in main.
 */
const hostWords = (origin: string, none: string) => orNone(origin.replace(/^https:\/\//, ''), none);

/**
 * A setting's value as the page shows it read-only: main sends it with what is secret in it
 * cut out (the managers' names only, addresses without their key), so it is shown whole.
 */
export function settingValueWords<Key extends SettingKey>(
  key: Key,
  value: PageSettingValues[Key],
): string {
  const settings = { [key]: value } as Partial<PageSettingValues>;
  switch (key) {
    case 'serviceBaseUrl':
      return orNone(settings.serviceBaseUrl!, 'Not set');
    case 'shopLogo':
      return settings.shopLogo!.startsWith('data:')
        ? 'An image saved with the settings'
        : orNone(settings.shopLogo!);
    case 'updateFeedUrl':
      return hostWords(settings.updateFeedUrl!, 'None: no updates');
    case 'rateProviderUrl':
      return hostWords(settings.rateProviderUrl!, 'None');
    case 'fixedUsdPerUnit':
      return orNone(settings.fixedUsdPerUnit!, 'None: from the rate provider');
    case 'feePercent':
    case 'rateTolerancePercent':
      return `${String(value)} %`;
    case 'nfcReadDeadlineMs':
      return `${settings.nfcReadDeadlineMs} ms`;
    case 'rateMaxAgeSeconds':
      return `${settings.rateMaxAgeSeconds} seconds`;
    case 'lastLinkRateMaxAgeSeconds':
      return settings.lastLinkRateMaxAgeSeconds === 0
        ? 'Never used'
        : `${settings.lastLinkRateMaxAgeSeconds} seconds`;
    case 'autoLockMinutes':
      return autoLockWords(settings.autoLockMinutes!);
    case 'allowedWalletHosts':
      return settings.allowedWalletHosts!.length === 0
        ? 'Any public host name'
        : settings.allowedWalletHosts!.join(', ');
    case 'ratePegs':
      return orNone(
        settings
          .ratePegs!.map(
            (peg) =>
              `1 ${peg.asset} = ${peg.price} ${peg.currency}${peg.chainId ? ` (chain ${peg.chainId})` : ''}`,
          )
          .join('; '),
      );
    case 'rateSourceOrder':
      return settings.rateSourceOrder!.map((source) => rateSourceWords[source]).join(', then ');
    case 'provisionedManagers':
      return orNone(settings.provisionedManagers!.map((manager) => manager.name).join(', '));
    case 'staffRoles':
      return orNone(
        settings
          .staffRoles!.map((role) => `${role.name}: ${role.permissions.join(', ') || 'nothing'}`)
          .join('; '),
      );
    case 'customerDisplay': {
      const display = settings.customerDisplay!;
      return display.mode === 'display'
        ? `Display ${display.displayId ?? ''}`
        : customerDisplayModeWords[display.mode];
    }
    case 'receiptPrinter':
      return receiptPrinterWords(settings.receiptPrinter!);
    case 'receiptPrinting':
      return labelOf(receiptPrintingChoices, settings.receiptPrinting!);
    case 'receiptPaper':
      return labelOf(receiptPaperChoices, settings.receiptPaper!);
    case 'amountEntry':
      return labelOf(amountEntryChoices, settings.amountEntry!);
    case 'shiftRequired':
      return labelOf(shiftRequiredChoices, settings.shiftRequired!);
  }
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  if (value === null) return '—';
  if (typeof value === 'string') return orNone(value);
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** "Never", "1 minute", "10 minutes". */
export function autoLockWords(minutes: number): string {
  if (minutes === 0) return 'Never';
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

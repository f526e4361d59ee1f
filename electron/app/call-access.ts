import type { CallName } from '../../shared/ipc/contract';
import type { GuardedAction } from '../../shared/staff';

/**
 * Who may make each call when staff PINs are on (enforced in main, whatever the page shows):
 *   open       anyone, signed in or not: reads, and signing in itself;
 *   signed-in  the person signed in, whatever their role: selling and the history;
 *   a GuardedAction  a manager, or a cashier with a manager's approval for that one act.
 * A record over every call, so a new call cannot be added without deciding.
 */
export type CallAccess = 'open' | 'signed-in' | { guarded: GuardedAction };

const settings = { guarded: 'settings' } as const;
const staff = { guarded: 'staff' } as const;

export const callAccess: Record<CallName, CallAccess> = {
  appInfo: 'open',
  listChains: 'open',
  listAssets: 'open',
  savedChains: 'open',
  savedAssets: 'open',
  chainLogos: 'open',
  assetLogos: 'open',
  warmUpService: 'signed-in',
  currentSale: 'open',
  startQrSale: 'signed-in',
  startNfcSale: 'signed-in',
  manualPrices: 'open',
  setManualPrice: { guarded: 'manual-price' },
  quotePrice: 'open',
  acceptLinkAmount: 'signed-in',
  confirmPaidByCashier: 'signed-in',
  cancelSale: 'signed-in',
  retrySameOrder: 'signed-in',
  voidOrder: 'signed-in',
  newLinkForExpired: 'signed-in',
  markPaidAfterAll: { guarded: 'paid-after-all' },
  finishSale: 'signed-in',
  listOrders: 'signed-in',
  orderDetail: 'signed-in',
  voidPaidOrder: { guarded: 'void-paid' },
  searchOrders: 'signed-in',
  report: 'signed-in',
  todayDate: 'open',
  exportCsv: { guarded: 'export' },
  getSettings: 'open',
  updateSettings: settings,
  resetSettings: settings,
  tokenStatus: 'open',
  connectService: settings,
  disconnectService: settings,
  testConnection: 'signed-in',
  nfcStatus: 'open',
  listDisplays: 'open',
  identifyDisplays: 'signed-in',
  updateStatus: 'open',
  staffSession: 'open',
  createFirstManager: 'open',
  signIn: 'open',
  signOut: 'open',
  addStaff: staff,
  resetStaffPin: staff,
  removeStaff: staff,
  approveAction: 'open',
  currentShift: 'open',
  openShift: 'signed-in',
  xReport: 'signed-in',
  closeShift: 'signed-in',
  listZReports: 'signed-in',
  zReport: 'signed-in',
  exportZReportCsv: { guarded: 'export' },
  reopenShift: { guarded: 'reopen-shift' },
  receiptPreview: 'signed-in',
  printReceipt: 'signed-in',
  saveReceiptPdf: 'signed-in',
  listPrinters: 'signed-in',
  shiftReportPreview: 'signed-in',
  printShiftReport: 'signed-in',
  saveShiftReportPdf: 'signed-in',
  exportDiagnostics: { guarded: 'diagnostics' },
  reportPageError: 'open',
};

/** Settings the cashier's own taps write (the chain and asset last picked): not a settings change. */
const cashierChoiceKeys = new Set(['lastChainId', 'lastAsset']);

/** What this call with these arguments needs. */
export function accessFor(name: CallName, args: unknown): CallAccess {
  if (name === 'updateSettings') {
    const patch = (args as { patch?: Record<string, unknown> } | null)?.patch ?? {};
    const keys = Object.keys(patch);
    if (keys.length > 0 && keys.every((key) => cashierChoiceKeys.has(key))) return 'signed-in';
  }
  return callAccess[name];
}

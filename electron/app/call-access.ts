import type { CallName } from '../../shared/ipc/contract';
import {
  isSettingKey,
  settingDomainOf,
  settingDomains,
  type SettingDomain,
} from '../../shared/settings';
import { permissions, settingsPermission, type Permission } from '../../shared/staff';

/**
 * Who may make each call when staff PINs are on (enforced in main, whatever the page shows):
 *   open           anyone, signed in or not: reads, and signing in itself;
 *   signed-in      the person signed in, whatever their role: the history and reports to read;
 *   { needs }      the person signed in, when their role holds that permission, or with a
 *                  manager's approval of that one act (never for a self-only permission);
 *   settings-keys  `settings:<group>` for each settings group the call's keys belong to.
 * A record over every call, so a new call cannot be added without deciding.
 */
export type CallAccess = 'open' | 'signed-in' | 'settings-keys' | { needs: Permission };

/** What one call with these arguments needs, as the guard checks it. */
export type CallNeeds =
  | 'open'
  | 'signed-in'
  | {
      /** Every permission, in the order of `permissions`. */
      needs: readonly Permission[];
      /** The act would turn staff PINs off (the setting, written or reset to its default). */
      turnsPinsOff: boolean;
    };

const sell = { needs: 'sell' } as const;
const serviceSettings = { needs: 'settings:service' } as const;
const exportReports = { needs: 'export-reports' } as const;
const manageStaff = { needs: 'manage-staff' } as const;

export const callAccess: Record<CallName, CallAccess> = {
  appInfo: 'open',
  listChains: 'open',
  listAssets: 'open',
  savedChains: 'open',
  savedAssets: 'open',
  chainLogos: 'open',
  assetLogos: 'open',
  warmUpService: sell,
  currentSale: 'open',
  startQrSale: sell,
  startNfcSale: sell,
  manualPrices: 'open',
  setManualPrice: { needs: 'prices-and-fees' },
  quotePrice: 'open',
  acceptLinkAmount: sell,
  confirmPaidByCashier: sell,
  cancelSale: sell,
  retrySameOrder: sell,
  voidOrder: sell,
  newLinkForExpired: sell,
  markPaidAfterAll: { needs: 'paid-after-all' },
  finishSale: sell,
  listOrders: 'signed-in',
  orderDetail: 'signed-in',
  voidPaidOrder: { needs: 'void-paid' },
  searchOrders: 'signed-in',
  report: 'signed-in',
  todayDate: 'open',
  exportCsv: exportReports,
  getSettings: 'open',
  updateSettings: 'settings-keys',
  resetSettings: 'settings-keys',
  tokenStatus: 'open',
  connectService: serviceSettings,
  disconnectService: serviceSettings,
  testConnection: 'signed-in',
  nfcStatus: 'open',
  listDisplays: 'open',
  identifyDisplays: 'signed-in',
  updateStatus: 'open',
  staffSession: 'open',
  createFirstManager: 'open',
  signIn: 'open',
  signOut: 'open',
  addStaff: manageStaff,
  resetStaffPin: manageStaff,
  removeStaff: manageStaff,
  approveAction: 'open',
  currentShift: 'open',
  openShift: sell,
  xReport: 'signed-in',
  closeShift: sell,
  listZReports: 'signed-in',
  zReport: 'signed-in',
  exportZReportCsv: exportReports,
  reopenShift: { needs: 'reopen-shift' },
  receiptPreview: 'signed-in',
  printReceipt: 'signed-in',
  saveReceiptPdf: 'signed-in',
  listPrinters: 'signed-in',
  shiftReportPreview: 'signed-in',
  printShiftReport: 'signed-in',
  saveShiftReportPdf: 'signed-in',
  exportDiagnostics: { needs: 'export-diagnostics' },
  reportPageError: 'open',
  // The audit trail says what everyone did: for whoever manages the staff, never lent.
  auditEvents: manageStaff,
  exportAuditCsv: manageStaff,
  // Only whether the trail is intact; the page shows it to a manager.
  auditChain: 'signed-in',
};

/** Settings the cashier's own taps write (the chain and asset last picked): part of selling. */
const cashierChoiceKeys = new Set(['lastChainId', 'lastAsset']);

/**
 * Settings that decide who may do what: whether PINs are needed at all, IT's managers and
 * roles. Changing one needs `manage-staff`, held by the person signed in themself.
 */
const whoMayDoWhatKeys = new Set(['staffPinsRequired', 'provisionedManagers', 'staffRoles']);

const everySettingsGroup = (Object.keys(settingDomains) as SettingDomain[]).map(settingsPermission);

/** What this call with these arguments needs (arguments as the contract parsed them). */
export function accessFor(name: CallName, args: unknown): CallNeeds {
  const access = callAccess[name];
  if (access === 'open' || access === 'signed-in') return access;
  if (access === 'settings-keys') return settingsNeeds(name, args);
  return { needs: [access.needs], turnsPinsOff: false };
}

/** updateSettings ({ patch }) and resetSettings ({ keys }): the groups of the keys they touch. */
function settingsNeeds(name: CallName, args: unknown): CallNeeds {
  const patch =
    name === 'updateSettings' ? ((args as { patch?: Record<string, unknown> }).patch ?? {}) : null;
  const keys = patch ? Object.keys(patch) : ((args as { keys?: string[] }).keys ?? []);
  const needs = new Set<Permission>();
  for (const key of keys) {
    if (cashierChoiceKeys.has(key)) needs.add('sell');
    else if (isSettingKey(key)) needs.add(settingsPermission(settingDomainOf[key]));
    // A key no group declares is refused by the settings; it costs as much as all of them.
    else everySettingsGroup.forEach((group) => needs.add(group));
    if (whoMayDoWhatKeys.has(key)) needs.add('manage-staff');
  }
  if (needs.size === 0) everySettingsGroup.forEach((group) => needs.add(group));
  // A reset puts the default back, and PINs are off by default.
  const turnsPinsOff =
    keys.includes('staffPinsRequired') && (patch === null || patch.staffPinsRequired !== true);
  return { needs: permissions.filter((permission) => needs.has(permission)), turnsPinsOff };
}

import type { AppInfo } from '../../../../shared/ipc/views';
import type { SaleSnapshot } from '../../../../shared/sale/sale-snapshot';
import { defaultSettings, settingKeys, type PageSettings } from '../../../../shared/settings';

/** The settings as main sends them to the page: defaults (or `values`), nothing managed. */
export function cashierSettings(values: Partial<PageSettings['values']> = {}): PageSettings {
  return {
    view: 'page',
    values: { ...defaultSettings({ reportTimeZone: 'UTC' }), ...values },
    keys: Object.fromEntries(
      settingKeys.map((key) => [key, { source: 'default', locked: false }]),
    ) as PageSettings['keys'],
    policy: { kind: 'none', path: '' },
    policySources: [],
    localProblems: [],
  };
}

/** Main's appInfo answer: a till in demo mode, no token (or as `patch` says). */
export function appInfo(patch: Partial<AppInfo> = {}): AppInfo {
  return {
    version: 't',
    demoMode: true,
    needsSetup: false,
    serviceOrigin: null,
    token: { set: false },
    ...patch,
  };
}

/** A QR sale of 12.5 USDT on chain 1 as main sends it (no link yet unless `patch` adds one). */
export function saleSnapshot(patch: Partial<SaleSnapshot> = {}): SaleSnapshot {
  return {
    orderId: '0193-x',
    reference: 'K7M-Q4X',
    kind: 'qr',
    state: 'awaiting-payment',
    terminal: false,
    amount: '12.5',
    fee: '0',
    asset: 'USDT',
    assetDecimals: 6,
    chainId: '1',
    chainName: 'ETHEREUM',
    currency: 'USD',
    pricing: null,
    rateDifferencePercent: null,
    link: null,
    showQr: false,
    expiry: null,
    lastFailure: null,
    allowedActions: [],
    attempts: 1,
    replacesOrderId: null,
    replacedLinkMayBePaid: false,
    createdAtMs: 0,
    updatedAtMs: 0,
    notice: null,
    ...patch,
  };
}

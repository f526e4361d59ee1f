import type { CustomerView } from '../../../../shared/ipc/views';

export const EXPIRES_AT = Date.UTC(2026, 10, 22, 9, 15, 0);
export const QR_URL =
  'https://pay.example/v1/cf-payment/pay?order_id=0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b&chain_id=1&amount=12345.5';

/** A customer view as main would send it; idle unless overridden. */
export function customerView(overrides: Partial<CustomerView> = {}): CustomerView {
  return {
    phase: 'idle',
    shopName: 'Corner Café',
    shopLogo: null,
    demoMode: false,
    soundVolume: 0,
    amount: null,
    asset: null,
    chainName: null,
    chainLogo: null,
    assetLogo: null,
    usdValue: null,
    currency: null,
    money: null,
    qrUrl: null,
    expiresAtMs: null,
    expiryUnknown: false,
    reference: null,
    ...overrides,
  };
}

/** A QR sale waiting for the customer's scan. */
export function scanView(overrides: Partial<CustomerView> = {}): CustomerView {
  return customerView({
    phase: 'scan',
    amount: '12345.5',
    asset: 'USDT',
    chainName: 'ETHEREUM',
    chainLogo: 'data:image/svg+xml;base64,PHN2Zy8+',
    assetLogo: null,
    usdValue: '12345.50',
    currency: 'USD',
    qrUrl: QR_URL,
    expiresAtMs: EXPIRES_AT,
    reference: 'K7M-Q4X',
    ...overrides,
  });
}

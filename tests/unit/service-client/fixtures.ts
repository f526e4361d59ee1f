import type { Asset } from '../../../shared/wire/asset';
import type { GenerateQrRequest } from '../../../shared/wire/requests';

export const TOKEN = 'feedfacecafebeef0123456789abcdef';
export const BASE_URL = 'https://pay.example.com/v1/cf-payment';

export const chain = {
  name: 'ETHEREUM',
  chain_id: 1,
  logo: 'https://pay.example.com/logos/eth.svg',
};
export const usdt: Asset = {
  asset: 'USDT',
  chain: 'ETHEREUM',
  chain_id: 1,
  decimal: 6,
  logo: 'https://pay.example.com/logos/usdt.svg',
};

export function qrRequest(overrides: Partial<GenerateQrRequest> = {}): GenerateQrRequest {
  return {
    order_id: 'ord-0001',
    amount: '10.5',
    asset: 'USDT',
    chain_id: '1',
    currency: 'USD',
    fee_value: '0.25',
    serial_number: 'POS-7',
    ...overrides,
  };
}

export const nfcRequest = {
  order_id: 'ord-0002',
  amount: '3',
  token: '0f8fad5b-d9cb-469f-a165-70867728950e',
  serial_number: 'POS-7',
};

export function qrUrl(
  params: Partial<Record<string, string>> = {},
  origin = 'https://wallet.example.com/app',
): string {
  const all: Record<string, string> = {
    order_id: 'ord-0001',
    contract_address: '0x00000000000000000000000000000000000000aa',
    currency_address: '0x00000000000000000000000000000000000000bb',
    transaction_amount: '10.75',
    act: 'DEPOSIT',
    chain_id: '1',
    decimal: '6',
  };
  for (const [key, value] of Object.entries(params)) if (value !== undefined) all[key] = value;
  return `${origin}/qr-scan?&${new URLSearchParams(all).toString()}`;
}

export function linkResult(
  overrides: Partial<{ qr_url: string; rate_usd: number; expire_at: string }> = {},
) {
  return { qr_url: qrUrl(), rate_usd: 1.0002, expire_at: '22/11/2026 09:15:00', ...overrides };
}

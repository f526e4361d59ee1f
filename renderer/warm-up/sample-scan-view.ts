import type { CustomerView } from '../../shared/ipc/views';
import { samplePaymentLink } from './idle-warm-up';

/**
 * A small SVG logo with lettering, as a data: URL, as main sends a chain's or asset's: decoded
 * and laid out as theirs are (an SVG image's text is laid out apart from the page's, and its
 * first layout was a cold ~12 ms in the first sale).
 */
function sampleLogo(shape: string, letters: string): string {
  return `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${shape}<text x="5" y="7" font-size="5" text-anchor="middle" fill="#fff">${letters}</text></svg>`,
  )}`;
}

const CHAIN_LOGO = sampleLogo('<circle cx="5" cy="5" r="5" fill="#3c4fa8"/>', 'E');
const ASSET_LOGO = sampleLogo('<rect width="10" height="10" rx="2" fill="#1b6e54"/>', 'T');

/**
 * The scan screen's view of a sample sale, for the display's warm-up: the shop's own face
 * (its name, logo, demo banner) from the view on screen, a sample link and amount that change
 * each round, a countdown, logos. Odd rounds are priced in the shop's currency, even rounds
 * in asset units with their USD value, so both ways a sale is shown are drawn.
 */
export function sampleScanView(round: number, shown: CustomerView): CustomerView {
  const amount = `${round}2.5`;
  const inMoney = round % 2 === 1;
  return {
    ...shown,
    phase: 'scan',
    amount,
    asset: 'USDT',
    chainName: 'ETHEREUM',
    chainLogo: CHAIN_LOGO,
    assetLogo: ASSET_LOGO,
    usdValue: inMoney ? null : amount,
    money: inMoney
      ? { total: `${round}2.75`, fee: '0.25', currency: shown.currency ?? 'USD' }
      : null,
    qrUrl: samplePaymentLink(round),
    expiresAtMs: 15 * 60_000,
    expiryUnknown: false,
    reference: `WARMUP${round}`,
  };
}

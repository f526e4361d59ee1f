import { DEMO_BANNER_WORDS, runsInDemoMode } from '../../shared/demo-mode';
import { escapeHtml } from '../../shared/escape-html';
import type { Settings } from '../../shared/settings';

/** The settings the display's idle screen shows before the services are up. */
export type DisplayStartSettings = Pick<
  Settings,
  'shopName' | 'shopLogo' | 'serviceBaseUrl' | 'demoModeAllowed'
>;

/** The empty slot in the display page's HTML that main fills (renderer/display/index.html). */
const SLOT = '<div id="start-screen"></div>';

/**
 * The display page's HTML with its idle screen written in: the shop's name and logo, and the
 * demo banner, as the page draws them once main answers (renderer/display/message-screens.tsx,
 * the welcome screen). The customer sees the shop at once, while the page's code loads and
 * the services start; the page's first view replaces it (renderer/display/display-page.tsx).
 *
 * From the settings alone, as the services will: demo mode by the services' own rule
 * (shared/demo-mode.ts); a data: logo is shown as it is, an https one only once the services
 * have downloaded it (shop-face.ts), so the name stands alone until then.
 */
export function markDisplayStart(html: string, settings: DisplayStartSettings): string {
  return html.replace(SLOT, `<div id="start-screen">${idleScreenHtml(settings)}</div>`);
}

function idleScreenHtml(settings: DisplayStartSettings): string {
  const demo = runsInDemoMode(settings);
  const shop = settings.shopName.trim();
  const logo = settings.shopLogo.startsWith('data:') ? settings.shopLogo : null;
  const banner = demo ? `<p class="cd-demo-banner" role="note">${DEMO_BANNER_WORDS}</p>` : '';
  const brand = logo
    ? `<div class="cd-brand cd-brand-large"><img class="cd-brand-logo" src="${escapeHtml(logo)}" alt="${escapeHtml(shop ? `${shop} logo` : 'Shop logo')}"></div>`
    : '';
  const words = shop
    ? `<p class="cd-subtitle">Welcome</p><h1 class="cd-title">${escapeHtml(shop)}</h1>`
    : '<h1 class="cd-title">Welcome</h1>';
  return `<main class="cd-root" data-demo="${demo}">${banner}<section class="cd-center" aria-label="Welcome">${brand}${words}</section></main>`;
}

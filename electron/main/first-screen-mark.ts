import type { Settings } from '../../shared/settings';

/** The settings that decide the cashier page's first screen. */
export type FirstScreenSettings = Pick<
  Settings,
  'staffPinsRequired' | 'serviceBaseUrl' | 'demoModeAllowed'
>;

/**
 * Whether the cashier page opens at the sale's start form, from the settings alone (known
 * before the services start): staff PINs off (else the sign-in comes first, staff-service.ts)
 * and a service or demo mode to sell through (else the first-run setup, service-connection.ts).
 */
export function opensAtSale(settings: FirstScreenSettings): boolean {
  return (
    !settings.staffPinsRequired && (settings.serviceBaseUrl !== '' || settings.demoModeAllowed)
  );
}

/**
 * The cashier page's HTML, marked `data-first-screen="sale"` when it opens at the sale: its
 * start screen then shows the amount field (renderer/cashier/start-screen.ts), which takes the
 * first amount while the page's code loads. Unmarked, the start screen shows no field, so no
 * keys are typed that a sign-in or setup screen would drop.
 */
export function markFirstScreen(html: string, settings: FirstScreenSettings): string {
  if (!opensAtSale(settings)) return html;
  return html.replace(/<html\b/, '<html data-first-screen="sale"');
}

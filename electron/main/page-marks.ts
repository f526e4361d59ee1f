import { markDisplayStart, type DisplayStartSettings } from './display-start-mark';
import { markFirstScreen, type FirstScreenSettings } from './first-screen-mark';
import { CASHIER_PAGE, DISPLAY_PAGE } from './page-paths';

/** The settings the pages' start screens are written from, known before the services. */
export type PageMarkSettings = FirstScreenSettings & DisplayStartSettings;

/**
 * A page's HTML as main serves it, by its path: the cashier's start screen marked for the
 * sale or not (first-screen-mark.ts), the display's idle screen written in
 * (display-start-mark.ts). Other files pass unchanged.
 */
export function markPageHtml(path: string, html: string, settings: PageMarkSettings): string {
  if (path === CASHIER_PAGE) return markFirstScreen(html, settings);
  if (path === DISPLAY_PAGE) return markDisplayStart(html, settings);
  return html;
}

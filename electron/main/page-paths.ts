/** The windows' pages. */
export type PageName = 'cashier' | 'display';

/** The path a page's HTML is served at: app://pages<path> (window-factory.ts loads it). */
export function pagePath(page: PageName): string {
  return `/${page}/index.html`;
}

export const CASHIER_PAGE = pagePath('cashier');
export const DISPLAY_PAGE = pagePath('display');

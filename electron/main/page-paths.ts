/** The paths the windows' pages are served at: app://pages<path> (window-factory.ts). */
export const CASHIER_PAGE = '/cashier/index.html';
export const DISPLAY_PAGE = '/display/index.html';

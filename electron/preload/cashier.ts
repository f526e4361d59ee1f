// The cashier page's bridge. The typed contract (desktop-shell issue) is exposed here as
// `window.pos`; until then the page gets nothing from main.
export {};

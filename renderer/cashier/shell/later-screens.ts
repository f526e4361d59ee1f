// The screens the cashier window does not show at start, gathered so that the build makes
// them one chunk (lazy-screens.ts imports this file alone). One chunk instead of one per screen:
// the renderer's JS is about 9 KB smaller gzipped (the goal in tests/bench/display.bench.ts),
// since the screens, Mantine's Select and the pieces they share no longer compress apart, and
// the page's start scripts come out as two chunks (the entry and the part both pages share).
export { HistoryScreen } from '../history/history-screen';
export { ShiftScreen } from '../shifts/shift-screen';
export { SettingsScreen } from '../settings/settings-screen';
export { FirstRunScreen } from '../setup/first-run-screen';
export { AuditScreen } from '../audit/audit-screen';

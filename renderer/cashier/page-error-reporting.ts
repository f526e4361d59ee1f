import { cashierApi } from '../common/bridge';

const cut = (text: unknown, max: number) => String(text ?? '').slice(0, max);

/**
 * Sends the cashier page's uncaught errors to the till's log file for IT (main bounds and
 * paces them). Reporting must never fail the page, so every failure of it is swallowed.
 */
export function reportUncaughtPageErrors(): void {
  const pos = cashierApi();
  window.addEventListener('error', (event) => {
    void pos
      .reportPageError({
        kind: 'error',
        message: cut(event.message, 1000),
        ...(event.filename ? { source: cut(event.filename, 300) } : {}),
        ...(event.lineno > 0 ? { line: event.lineno } : {}),
      })
      .catch(() => undefined);
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    void pos
      .reportPageError({
        kind: 'unhandled-rejection',
        message: cut(reason instanceof Error ? reason.message : reason, 1000),
      })
      .catch(() => undefined);
  });
}

/**
 * Runs `run` in the page's next idle moment (requestIdleCallback), or `timeoutMs` later at the
 * latest; at the next task where the browser has no idle callbacks. Answers a function that
 * cancels it.
 */
export function whenIdle(run: () => void, timeoutMs = 1_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    // Called on window: a detached reference throws "Illegal invocation".
    const id = window.requestIdleCallback(() => run(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
}

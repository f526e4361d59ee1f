/**
 * Runs `run` once the next frame is painted (a task queued from the frame's animation
 * callback, so it comes after the paint); answers a function that cancels it.
 */
export function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

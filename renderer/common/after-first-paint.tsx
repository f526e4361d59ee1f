import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { afterPaint } from './after-paint';

/** The page has painted a frame with its first screen: later mounts render at once. */
let pagePainted = false;

/**
 * Renders `children` only once the page's first screen is painted, as a transition (React
 * renders it in slices, so a key typed meanwhile is handled at once). For what the first
 * screen can do without for a frame: the cashier's amount field must be there and focused
 * first, the status bar or the chain pickers may follow. Mounted after that first paint
 * (the start form coming back after a sale), it renders its children at once.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(pagePainted);
  useEffect(() => {
    if (shown) return;
    return afterPaint(() => {
      pagePainted = true;
      startTransition(() => setShown(true));
    });
  }, [shown]);
  return shown ? children : null;
}

import { useEffect, useState, type ReactNode } from 'react';

/**
 * Renders `children` once `answered` resolves (cashier-page.tsx: the first calls answered, or
 * their wait over), nothing before. Mounted at once, so React and the Mantine provider start
 * up (theme, CSS variables) while the answers are on their way; the first screen is then
 * drawn from them in one render, with no spinner painted a few ms before it.
 */
export function AfterFirstAnswers({
  answered,
  children,
}: {
  answered: Promise<void>;
  children: ReactNode;
}) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void answered.then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [answered]);
  return ready ? children : null;
}

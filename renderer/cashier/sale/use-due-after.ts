import { useEffect, useState } from 'react';

/** True once `key` has stayed the same (and not null) for `delayMs`; false again when it changes. */
export function useDueAfter(key: string | null, delayMs: number): boolean {
  const [dueFor, setDueFor] = useState<string | null>(null);
  useEffect(() => {
    if (key === null) return;
    const timer = setTimeout(() => setDueFor(key), delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs]);
  return key !== null && dueFor === key;
}

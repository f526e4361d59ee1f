import { useCallback, useEffect, useRef, useState } from 'react';
import { useLatestCallback } from '../../common/use-latest-callback';
import type { EventName, Events } from '../../../shared/ipc/contract';
import type { CallFailure, CallResult, PayloadOf } from '../../../shared/ipc/contract-kit';
import { onPos } from './pos';

/**
 * The latest payload of an event (undefined until the first arrives; or, until then, what
 * `initial` answers when the component mounts: a payload the page already heard).
 */
export function usePosEvent<Name extends EventName>(
  name: Name,
  initial?: () => PayloadOf<Events[Name]> | undefined,
): PayloadOf<Events[Name]> | undefined {
  const [value, setValue] = useState<PayloadOf<Events[Name]> | undefined>(initial);
  useEffect(() => onPos(name, (payload) => setValue(() => payload)), [name]);
  return value;
}

/** Calls a listener for every payload of an event, without re-rendering the caller. */
export function usePosListener<Name extends EventName>(
  name: Name,
  listener: (payload: PayloadOf<Events[Name]>) => void,
): void {
  const onPayload = useLatestCallback(listener);
  useEffect(() => onPos(name, onPayload), [name, onPayload]);
}

/**
 * Runs one till call at a time for a screen: while one is pending, further presses are
 * ignored (a double click never makes two orders) and `pending` disables the buttons.
 * The last failure is kept for the screen to show.
 */
export function useTillAction() {
  const [pending, setPending] = useState<string | null>(null);
  const [failure, setFailure] = useState<CallFailure | null>(null);
  const busy = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(
    async <T>(
      label: string,
      action: () => Promise<CallResult<T>>,
    ): Promise<CallResult<T> | null> => {
      if (busy.current) return null;
      busy.current = true;
      setPending(label);
      setFailure(null);
      try {
        const result = await action();
        if (mounted.current && !result.ok) setFailure(result.error);
        return result;
      } finally {
        busy.current = false;
        if (mounted.current) setPending(null);
      }
    },
    [],
  );

  return { pending, failure, setFailure, run };
}

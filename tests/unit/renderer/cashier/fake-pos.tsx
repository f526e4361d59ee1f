/**
 * A stand-in for window.pos in component tests: each call answers from a handler map (and is
 * recorded), events are pushed by the test. Not a test file itself.
 */
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { CallName, EventName } from '../../../../shared/ipc/contract';
import type { CallResult } from '../../../../shared/ipc/contract-kit';
import { cashierTheme as theme } from '../../../../renderer/cashier/cashier-theme';

type Handler = (args: unknown) => unknown | Promise<unknown>;
type Answer = (args: unknown) => CallResult<unknown> | Promise<CallResult<unknown>>;

export interface FakePos {
  calls: { name: CallName; args: unknown }[];
  handle(name: CallName, handler: Handler): void;
  fail(name: CallName, kind: string, message: string): void;
  /** Answers with a whole result (a failure with detail, or a different answer each time). */
  answer(name: CallName, answer: Answer): void;
  emit(name: EventName, payload: unknown): void;
  callsOf(name: CallName): unknown[];
}

export function installFakePos(): FakePos {
  const handlers = new Map<string, Handler>();
  const failures = new Map<string, { kind: string; message: string }>();
  const answers = new Map<string, Answer>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const latest = new Map<string, unknown>();
  const fake: FakePos = {
    calls: [],
    handle: (name, handler) => void handlers.set(name, handler),
    fail: (name, kind, message) => void failures.set(name, { kind, message }),
    answer: (name, answer) => void answers.set(name, answer),
    emit(name, payload) {
      latest.set(name, payload);
      for (const listener of listeners.get(name) ?? []) listener(payload);
    },
    callsOf: (name) => fake.calls.filter((call) => call.name === name).map((call) => call.args),
  };
  const api = new Proxy(
    {},
    {
      get(_target, prop: string) {
        if (prop === 'on') {
          return (name: string, listener: (payload: unknown) => void) => {
            if (!listeners.has(name)) listeners.set(name, new Set());
            listeners.get(name)!.add(listener);
            if (latest.has(name)) queueMicrotask(() => listener(latest.get(name)));
            return () => listeners.get(name)!.delete(listener);
          };
        }
        return async (args: unknown): Promise<CallResult<unknown>> => {
          fake.calls.push({ name: prop as CallName, args });
          const answer = answers.get(prop);
          if (answer) return answer(args);
          const failure = failures.get(prop);
          if (failure) return { ok: false, error: failure };
          const handler = handlers.get(prop);
          return { ok: true, value: handler ? await handler(args) : null };
        };
      },
    },
  );
  Object.defineProperty(window, 'pos', { value: api, configurable: true, writable: true });
  return fake;
}

export function renderWithTheme(node: ReactNode) {
  return render(<MantineProvider theme={theme}>{node}</MantineProvider>);
}

import type { z } from 'zod';

/**
 * The pieces the IPC contract is made of. One map of calls and one of events (contract.ts)
 * is the single source for main's handlers, both preloads and the test harness's transport:
 * each builds its methods from the map, so a call added in one place exists in all of them
 * and drift fails the type check (docs/architecture.md: One typed contract).
 */

/** A request the cashier page may make: its argument schema and (phantom) result type. */
export interface CallSpec<Args extends z.ZodType = z.ZodType, Result = unknown> {
  readonly args: Args;
  /** Never set: carries the result type. */
  readonly resultType?: Result;
}

export function call<Args extends z.ZodType>(args: Args) {
  return { returns: <Result>(): CallSpec<Args, Result> => ({ args }) };
}

/** Something main tells the pages; `payload` only carries the type. */
export interface EventSpec<Payload = unknown> {
  /** Never set: carries the payload type. */
  readonly payloadType?: Payload;
}

export function event<Payload>(): EventSpec<Payload> {
  return {};
}

/** A failure as the page sees it: a kind to branch on and words to show. No stack, no internals. */
export interface CallFailure {
  kind: string;
  message: string;
  /**
   * Extra detail a page may show (e.g. the service's own msg); never secrets. A list of texts:
   * what a 'needs-manager' refusal lacks, and who may approve it.
   */
  detail?: Record<string, string | number | boolean | readonly string[] | undefined>;
}

export type CallResult<T> = { ok: true; value: T } | { ok: false; error: CallFailure };

export type CallMap = Record<string, CallSpec>;
export type EventMap = Record<string, EventSpec>;

export type ArgsOf<Spec> = Spec extends CallSpec<infer Args> ? z.input<Args> : never;
type ParsedArgsOf<Spec> = Spec extends CallSpec<infer Args> ? z.output<Args> : never;
export type ResultOf<Spec> = Spec extends CallSpec<z.ZodType, infer Result> ? Result : never;
export type PayloadOf<Spec> = Spec extends EventSpec<infer Payload> ? Payload : never;

/** The methods a page gets for a call map. */
export type CallMethods<Calls extends CallMap> = {
  [Name in keyof Calls]: (args: ArgsOf<Calls[Name]>) => Promise<CallResult<ResultOf<Calls[Name]>>>;
};

/** Named subscriptions: `on('sale-changed', listener)` returns the unsubscribe function. */
export interface Subscriptions<Events extends EventMap, Names extends keyof Events = keyof Events> {
  on<Name extends Names>(
    name: Name,
    listener: (payload: PayloadOf<Events[Name]>) => void,
  ): () => void;
}

/** What main (or the harness) implements: one function per call, given parsed arguments. */
export type CallHandlers<Calls extends CallMap> = {
  [Name in keyof Calls]: (args: ParsedArgsOf<Calls[Name]>) => Promise<ResultOf<Calls[Name]>>;
};

/** Where main publishes events; each transport fans them out to its pages. */
export type EventSink<Events extends EventMap> = <Name extends keyof Events & string>(
  name: Name,
  payload: PayloadOf<Events[Name]>,
) => void;

export const callChannel = (name: string): string => `pos:call:${name}`;
export const eventChannel = (name: string): string => `pos:event:${name}`;

/** Builds a page's call methods from the contract's names over any transport. */
export function buildCallMethods<Calls extends CallMap>(
  names: readonly (keyof Calls & string)[],
  invoke: (name: keyof Calls & string, args: unknown) => Promise<unknown>,
): CallMethods<Calls> {
  const methods: Record<string, (args: unknown) => Promise<unknown>> = {};
  for (const name of names) methods[name] = (args: unknown) => invoke(name, args ?? {});
  return methods as CallMethods<Calls>;
}

/** Builds `on(name, listener)` that accepts only the given event names. */
export function buildSubscriptions<Events extends EventMap, Names extends keyof Events & string>(
  names: readonly Names[],
  subscribe: (name: Names, listener: (payload: unknown) => void) => () => void,
): Subscriptions<Events, Names> {
  const allowed = new Set<string>(names);
  return {
    on(name, listener) {
      if (!allowed.has(name as string)) throw new Error(`No such event: ${String(name)}`);
      return subscribe(name, listener as (payload: unknown) => void);
    },
  };
}

/** The channel a page uses to ask for an event's latest value when it subscribes. */
export const LATEST_CHANNEL = 'pos:latest';

import type { z } from 'zod';

/**
 * The pieces the IPC contract is made of. One map of calls and one of events (contract.ts)
 * is the single source for main's handlers, both preloads and the test harness's transport:
 * each builds its methods from the map, so a call added in one place exists in all of them
 * and drift fails the type check (ARCHITECTURE: One typed contract).
 */

/** A request the cashier page may make: its argument schema and (phantom) result type. */
export interface CallSpec<Args extends z.ZodType = z.ZodType, Result = unknown> {
  readonly args: Args;
  /** Never called: carries the result type. */
  readonly result?: (value: Result) => Result;
}

export function call<Args extends z.ZodType>(args: Args) {
  return { returns: <Result>(): CallSpec<Args, Result> => ({ args }) };
}

/** Something main tells the pages; `payload` only carries the type. */
export interface EventSpec<Payload = unknown> {
  readonly payload?: (value: Payload) => Payload;
}

export function event<Payload>(): EventSpec<Payload> {
  return {};
}

/** A failure as the page sees it: a kind to branch on and words to show. No stack, no internals. */
export interface CallFailure {
  kind: string;
  message: string;
  /** Extra detail a page may show (e.g. the service's own msg); never secrets. */
  detail?: Record<string, string | number | boolean | undefined>;
}

export type CallResult<T> = { ok: true; value: T } | { ok: false; error: CallFailure };

export type CallMap = Record<string, CallSpec>;
export type EventMap = Record<string, EventSpec>;

export type ArgsOf<Spec> = Spec extends CallSpec<infer Args> ? z.input<Args> : never;
export type ParsedArgsOf<Spec> = Spec extends CallSpec<infer Args> ? z.output<Args> : never;
export type ResultOf<Spec> = Spec extends CallSpec<z.ZodType, infer Result> ? Result : never;
export type PayloadOf<Spec> = Spec extends EventSpec<infer Payload> ? Payload : never;

/** The methods a page gets for a call map. */
export type CallMethods<Calls extends CallMap> = {
  [Name in keyof Calls]: (args: ArgsOf<Calls[Name]>) => Promise<CallResult<ResultOf<Calls[Name]>>>;
};

/** Named subscriptions: `on('sale-changed', listener)` returns the unsubscribe function. */
export interface Subscriptions<Events extends EventMap, Names extends keyof Events = keyof Events> {
  on<Name extends Names>(name: Name, listener: (payload: PayloadOf<Events[Name]>) => void): () => void;
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

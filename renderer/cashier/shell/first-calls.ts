import type { CallName, Calls } from '../../../shared/ipc/contract';
import type { CallResult, ResultOf } from '../../../shared/ipc/contract-kit';
import type { PageSettings } from '../../../shared/settings';
import { callPos, onPos } from './pos';

/** What the first screen cannot be drawn without: what the till is connected to, who may use it. */
type FirstCallName = Extract<CallName, 'appInfo' | 'staffSession'>;
type Answer<Name extends FirstCallName> = CallResult<ResultOf<Calls[Name]>>;
export type FirstCall<Name extends FirstCallName> = Promise<Answer<Name>>;

interface Started<Name extends FirstCallName> {
  call: FirstCall<Name>;
  /** The answer, once it is in. */
  answer: Answer<Name> | null;
  /** The call is still to be handed to the hook that asks it. */
  untaken: boolean;
}

const started: { [Name in FirstCallName]: Started<Name> | null } = {
  appInfo: null,
  staffSession: null,
};
let settingsAtStart: string | null = null;
let settingsChangedSinceStart = false;
let latestSettings: PageSettings | undefined;

function start<Name extends FirstCallName>(call: FirstCall<Name>): Started<Name> {
  const entry: Started<Name> = { call, answer: null, untaken: true };
  void entry.call.then((answer) => {
    entry.answer = answer;
  });
  return entry;
}

/**
 * Asks main for `appInfo` and `staffSession` at once, in parallel, as the page's script is
 * evaluated (cashier-page.tsx calls it before React renders). Asked from the first render's
 * effects instead, they would leave the page only after React's first render and commit (tens
 * of ms on a till) and the screen would wait that long more; now their answers are usually in
 * by the time the shell asks for them (`takeFirstCall`, `firstAnswer`).
 *
 * The settings are subscribed to first: the bridge then asks main for the current settings
 * before it asks for appInfo, and main answers in order, so the first appInfo answer already
 * reflects the settings this first payload carries (`isSettingsAtStart`).
 */
export function startFirstCalls(): void {
  let heard = 0;
  onPos('settings-changed', (settings) => {
    latestSettings = settings;
    heard += 1;
    if (heard === 1) settingsAtStart = JSON.stringify(settings);
    else settingsChangedSinceStart = true;
  });
  started.appInfo = start(callPos('appInfo', {}));
  started.staffSession = start(callPos('staffSession', {}));
}

/**
 * Resolves once both first calls are answered, or after `budgetMs` (main still starting):
 * the page renders its first screen then. A screen whose answers are in is drawn at once,
 * with no spinner painted a few ms before it; a slow start still shows the spinner.
 */
export function firstAnswersOrAfter(budgetMs: number): Promise<void> {
  const calls = [started.appInfo?.call, started.staffSession?.call];
  return Promise.race([
    Promise.all(calls).then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, budgetMs)),
  ]);
}

/**
 * The call `startFirstCalls` began, handed over once (its answer is the state at load, so
 * it serves only the first ask); null afterwards, or when none was started (component tests).
 */
export function takeFirstCall<Name extends FirstCallName>(name: Name): FirstCall<Name> | null {
  const entry = started[name] as Started<Name> | null;
  if (!entry?.untaken) return null;
  entry.untaken = false;
  return entry.call;
}

/**
 * The first call's answer if it is in and not yet handed over: a hook's first state, so the
 * first render already draws the screen (the hook still takes the call, and gets the same).
 */
export function firstAnswer<Name extends FirstCallName>(name: Name): Answer<Name> | null {
  const entry = started[name] as Started<Name> | null;
  return entry?.untaken ? entry.answer : null;
}

/**
 * The latest settings this page heard since start (undefined before the first, or when
 * `startFirstCalls` did not run): the shell's first render starts from them, so the sale
 * screen does not ask the catalogue of "no service yet" and then of the real one.
 */
export function settingsSoFar(): PageSettings | undefined {
  return latestSettings;
}

/**
 * True, once, for the settings the page started with while none has been heard since: the
 * first appInfo answer already reflects them, so asking it again would only repeat it. Every
 * subscription hears the current settings when it starts; this tells that from a change.
 */
export function isSettingsAtStart(settings: PageSettings): boolean {
  if (settingsAtStart === null || settingsChangedSinceStart) return false;
  const same = JSON.stringify(settings) === settingsAtStart;
  if (same) settingsAtStart = null;
  return same;
}

import type { CallName, Calls } from '../../../shared/ipc/contract';
import type { CallResult, ResultOf } from '../../../shared/ipc/contract-kit';
import type { EffectiveSettings } from '../../../shared/settings';
import { callPos, onPos } from './pos';

/** What the first screen cannot be drawn without: what the till is connected to, who may use it. */
type FirstCallName = Extract<CallName, 'appInfo' | 'staffSession'>;
export type FirstCall<Name extends FirstCallName> = Promise<CallResult<ResultOf<Calls[Name]>>>;

const started: { [Name in FirstCallName]: FirstCall<Name> | null } = {
  appInfo: null,
  staffSession: null,
};
let settingsAtStart: string | null = null;
let settingsChangedSinceStart = false;

/**
 * Asks main for `appInfo` and `staffSession` at once, in parallel, as the page's script is
 * evaluated (main.tsx calls it before React renders). Asked from the first render's effects
 * instead, they would leave the page only after React's first render and commit (tens of ms
 * on a till) and the screen would wait that long more; now their answers are usually in by
 * the time the shell asks for them (`takeFirstCall`).
 *
 * The settings are subscribed to first: the bridge then asks main for the current settings
 * before it asks for appInfo, and main answers in order, so the first appInfo answer already
 * reflects the settings this first payload carries (`isSettingsAtStart`).
 */
export function startFirstCalls(): void {
  let heard = 0;
  onPos('settings-changed', (settings) => {
    heard += 1;
    if (heard === 1) settingsAtStart = JSON.stringify(settings);
    else settingsChangedSinceStart = true;
  });
  started.appInfo = callPos('appInfo', {});
  started.staffSession = callPos('staffSession', {});
}

/**
 * The call `startFirstCalls` began, handed over once (its answer is the state at load, so
 * it serves only the first ask); null afterwards, or when none was started (component tests).
 */
export function takeFirstCall<Name extends FirstCallName>(name: Name): FirstCall<Name> | null {
  const call = started[name] as FirstCall<Name> | null;
  started[name] = null;
  return call;
}

/**
 * True, once, for the settings the page started with while none has been heard since: the
 * first appInfo answer already reflects them, so asking it again would only repeat it. Every
 * subscription hears the current settings when it starts; this tells that from a change.
 */
export function isSettingsAtStart(settings: EffectiveSettings): boolean {
  if (settingsAtStart === null || settingsChangedSinceStart) return false;
  const same = JSON.stringify(settings) === settingsAtStart;
  if (same) settingsAtStart = null;
  return same;
}

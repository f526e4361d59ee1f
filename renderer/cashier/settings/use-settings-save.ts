import { useState } from 'react';
import type { PageSettings } from '../../../shared/settings';
import { useLatestCallback } from '../../common/use-latest-callback';
import { callPos } from '../shell/pos';
import { useTillAction } from '../shell/use-pos';
import { problemsByKey } from './setting-problems';

/** Saves a change of settings; resolves to the settings then in effect, or null when not saved. */
export type SaveSettings = (patch: Record<string, unknown>) => Promise<PageSettings | null>;

/**
 * One part of the Settings page saving its own settings: one `updateSettings` call with only
 * the keys it changed (so a manager's approval, asked in place by `callPos`, is for this change
 * alone), never an empty one. Main's refusal is kept per key, to show beside each field until
 * it is edited. `save` keeps its identity across renders.
 */
export function useSettingsSave(onChanged: () => void) {
  const saving = useTillAction();
  const [saved, setSaved] = useState(false);
  const [problems, setProblems] = useState<Partial<Record<string, string>>>({});

  const save: SaveSettings = useLatestCallback(async (patch: Record<string, unknown>) => {
    const keys = Object.keys(patch);
    // Main refuses a change of nothing: nothing is sent.
    if (keys.length === 0) return null;
    setSaved(false);
    const result = await saving.run('save', () => callPos('updateSettings', { patch }));
    if (!result) return null;
    if (result.ok) {
      setSaved(true);
      setProblems({});
      onChanged();
      return result.value;
    }
    setProblems(problemsByKey(result.error.message, keys));
    return null;
  });

  /** The person edits a field: its problem and the last "Saved." go. */
  const edited = useLatestCallback((key: string) => {
    setSaved(false);
    setProblems(({ [key]: _edited, ...others }) => others);
  });

  return {
    save,
    edited,
    saved,
    problems,
    pending: saving.pending !== null,
    failure: saving.failure,
  };
}

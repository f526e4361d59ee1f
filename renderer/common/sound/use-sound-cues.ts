import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { SoundName } from './sound-port';
import { recordPlays, type PlayRecord } from './play-record';
import { useSoundPort } from './sound-port-context';

/** One change worth a sound: `serial` tells two equal sounds in a row apart. */
interface SoundCue {
  sound: SoundName;
  serial: number;
}

interface CueState extends SoundCue {
  /** The volume in effect when the change came; 0 plays nothing. */
  volume: number;
  showing: boolean;
}

export interface SoundCues {
  /** The cue to show (a flash), until `dismiss` is called with its serial. */
  cue: SoundCue | null;
  dismiss(serial: number): void;
  /** What the page's port was asked to play. */
  plays: PlayRecord;
}

/**
 * Turns each change of `value` that `soundFor` names into a cue: played once through the
 * page's sound port at `volume` (0-100; 0 plays and records nothing), and kept for the
 * caller to show until it is dismissed. The first value seen makes no sound: a page opened
 * on a paid sale does not celebrate it again.
 */
export function useSoundCues<Value>(
  value: Value,
  soundFor: (previous: Value, next: Value) => SoundName | null,
  volume: number,
): SoundCues {
  const [seen, setSeen] = useState(value);
  const [cue, setCue] = useState<CueState | null>(null);
  if (value !== seen) {
    setSeen(value);
    const sound = soundFor(seen, value);
    if (sound !== null) setCue({ sound, volume, serial: (cue?.serial ?? 0) + 1, showing: true });
  }

  const port = useSoundPort();
  const recorder = useMemo(() => recordPlays(port), [port]);
  const plays = useSyncExternalStore(recorder.subscribe, recorder.current);

  // Keyed on the cue's serial, so dismissing a flash or a new volume never replays a sound.
  const serial = cue?.serial ?? 0;
  const sound = cue?.sound ?? null;
  const cueVolume = cue?.volume ?? 0;
  useEffect(() => {
    if (sound !== null && cueVolume > 0) recorder.play(sound, cueVolume);
  }, [serial, sound, cueVolume, recorder]);

  const dismiss = useCallback(
    (done: number) =>
      setCue((current) =>
        current && current.serial === done ? { ...current, showing: false } : current,
      ),
    [],
  );

  return {
    cue: cue?.showing ? { sound: cue.sound, serial: cue.serial } : null,
    dismiss,
    plays,
  };
}

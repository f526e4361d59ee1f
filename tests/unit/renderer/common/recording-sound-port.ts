import type { SoundName, SoundPort } from '../../../../renderer/common/sound/sound-port';

/** A sound port for tests (not a test itself): keeps every play call, plays nothing. */
export interface RecordingPort extends SoundPort {
  plays: { sound: SoundName; volume: number }[];
}

export function recordingPort(): RecordingPort {
  const plays: RecordingPort['plays'] = [];
  return { plays, play: (sound, volume) => void plays.push({ sound, volume }) };
}

import type { SoundName, SoundPort } from './sound-port';

/** What a page has played so far: the last sound, at which volume, and how many in all. */
export interface PlayRecord {
  last: SoundName | null;
  volume: number | null;
  count: number;
}

/** A port that passes each play on and keeps a record a component can subscribe to. */
export interface RecordingSoundPort extends SoundPort {
  subscribe(listener: () => void): () => void;
  current(): PlayRecord;
}

/**
 * Wraps a port so that what was played can be seen: the feedback components show the record
 * as data attributes, which is how end-to-end tests know which sound a page played without
 * listening to it. Only a play call counts: a sound turned off leaves no record.
 */
export function recordPlays(inner: SoundPort): RecordingSoundPort {
  let record: PlayRecord = { last: null, volume: null, count: 0 };
  const listeners = new Set<() => void>();
  return {
    play(sound, volume) {
      inner.play(sound, volume);
      record = { last: sound, volume, count: record.count + 1 };
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    current: () => record,
  };
}

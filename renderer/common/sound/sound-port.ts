/** The four things the till says with a sound. */
export type SoundName = 'card-read' | 'accepted' | 'error' | 'tap-again';

/**
 * Where a page sends its sounds. The page's own is Web Audio (web-audio-sound-port.ts);
 * tests hand in one that records the calls (sound-port-context.tsx), since nobody listens.
 * `volume` is 0-100; a port never throws: a till without audio just stays silent.
 */
export interface SoundPort {
  play(sound: SoundName, volume: number): void;
}

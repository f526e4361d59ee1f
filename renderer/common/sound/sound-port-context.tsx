import { createContext, useContext, type ReactNode } from 'react';
import type { SoundPort } from './sound-port';
import { createWebAudioSoundPort } from './web-audio-sound-port';

// One port per page: it opens its AudioContext only when the first sound is played.
const SoundPortContext = createContext<SoundPort>(createWebAudioSoundPort());

/** Hands the components below another port: tests pass one that records what was played. */
export function SoundPortProvider({ port, children }: { port: SoundPort; children: ReactNode }) {
  return <SoundPortContext.Provider value={port}>{children}</SoundPortContext.Provider>;
}

/** The page's sound port (Web Audio unless a SoundPortProvider above says otherwise). */
export function useSoundPort(): SoundPort {
  return useContext(SoundPortContext);
}

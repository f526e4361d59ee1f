import type { SoundName, SoundPort } from './sound-port';
import { peakGain, tones, type Tone } from './tones';

/** The part of Web Audio the port uses (tests hand in a fake of just this). */
export type ToneContext = Pick<
  AudioContext,
  'state' | 'currentTime' | 'destination' | 'resume' | 'createOscillator' | 'createGain'
>;

// A little ahead of "now", so the first tone is not clipped while the context wakes up.
const LEAD_S = 0.01;
// Ramps at both ends of a tone: a gain that jumps clicks in the speaker.
const ATTACK_S = 0.005;
const RELEASE_S = 0.02;

/**
 * Sounds made on the spot with an oscillator and a gain per tone: no audio files, so the
 * page's CSP (no media, no network) stays as it is. The AudioContext is opened on the first
 * sound, not at load, and woken if the browser started it suspended (autoplay rules: it
 * runs once the page has had a click or a tap). Nothing here throws into the page.
 */
export function createWebAudioSoundPort(
  openContext: () => ToneContext | null = openPageAudioContext,
): SoundPort {
  let context: ToneContext | null = null;
  return {
    play(sound: SoundName, volume: number) {
      const peak = peakGain(volume);
      if (peak === 0) return;
      try {
        if (context === null || context.state === 'closed') context = openContext();
        if (context === null) return;
        if (context.state === 'suspended') void context.resume().catch(() => undefined);
        for (const tone of tones[sound]) scheduleTone(context, tone, peak);
      } catch {
        // No audio device, a context the browser refused, a node that failed: the sound is
        // lost, the flash and the words on screen still say what happened.
      }
    },
  };
}

function scheduleTone(context: ToneContext, tone: Tone, peak: number): void {
  const start = context.currentTime + LEAD_S + tone.atS;
  const end = start + tone.lengthS;
  const level = peak * tone.level;
  const oscillator = context.createOscillator();
  oscillator.type = tone.wave;
  oscillator.frequency.value = tone.hz;
  const gain = context.createGain();
  gain.gain.setValueAtTime(0, start);
  gain.gain.linearRampToValueAtTime(level, start + ATTACK_S);
  gain.gain.setValueAtTime(level, end - RELEASE_S);
  gain.gain.linearRampToValueAtTime(0, end);
  oscillator.connect(gain);
  gain.connect(context.destination);
  oscillator.onended = () => gain.disconnect();
  oscillator.start(start);
  oscillator.stop(end);
}

function openPageAudioContext(): ToneContext | null {
  return typeof AudioContext === 'function' ? new AudioContext() : null;
}

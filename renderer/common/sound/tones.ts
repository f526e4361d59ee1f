import type { SoundName } from './sound-port';

/** One tone of a sound: its pitch, its wave, when it starts and how long it lasts. */
export interface Tone {
  hz: number;
  wave: OscillatorType;
  /** Seconds after the sound starts. */
  atS: number;
  lengthS: number;
  /** Relative loudness, 0-1: a square wave sounds louder than a sine at the same gain. */
  level: number;
}

/**
 * Each sound is told apart by its pitches and its shape, not by its loudness, so a cashier
 * who hears only one of them still knows which it was: a single high blip when a card was
 * read, a rising pair of clear tones when the payment went through, two low buzzes when
 * something needs the cashier's eyes, a soft falling pair when a tap did not go through and
 * the phone should tap again (no alarm: the customer hears it too). No two sounds share a
 * pitch.
 */
export const tones: Record<SoundName, readonly Tone[]> = {
  'card-read': [{ hz: 1760, wave: 'sine', atS: 0, lengthS: 0.08, level: 1 }],
  accepted: [
    { hz: 1047, wave: 'triangle', atS: 0, lengthS: 0.12, level: 1 },
    { hz: 1568, wave: 'triangle', atS: 0.13, lengthS: 0.22, level: 1 },
  ],
  error: [
    { hz: 233, wave: 'square', atS: 0, lengthS: 0.15, level: 0.5 },
    { hz: 233, wave: 'square', atS: 0.2, lengthS: 0.15, level: 0.5 },
  ],
  'tap-again': [
    { hz: 880, wave: 'sine', atS: 0, lengthS: 0.1, level: 1 },
    { hz: 659, wave: 'sine', atS: 0.12, lengthS: 0.16, level: 1 },
  ],
};

/** The loudest gain a sound reaches at volume 100; below 1 so two tones never clip. */
export const MAX_GAIN = 0.4;

/**
 * The gain for a volume of 0-100. Squared because the ear hears loudness roughly on a
 * logarithmic scale: a linear gain would put nearly all the change in the slider's first third.
 */
export function peakGain(volume: number): number {
  if (!Number.isFinite(volume) || volume <= 0) return 0;
  const share = Math.min(volume, 100) / 100;
  return MAX_GAIN * share * share;
}

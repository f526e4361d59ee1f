import { describe, expect, it, vi } from 'vitest';
import type { SoundName } from '../../../../renderer/common/sound/sound-port';
import { MAX_GAIN, peakGain } from '../../../../renderer/common/sound/tones';
import {
  createWebAudioSoundPort,
  type ToneContext,
} from '../../../../renderer/common/sound/web-audio-sound-port';

/** Records what the port asks of an AudioParam. */
class FakeParam {
  value = 0;
  readonly steps: { kind: 'set' | 'ramp'; value: number; atS: number }[] = [];
  setValueAtTime(value: number, atS: number) {
    this.steps.push({ kind: 'set', value, atS });
  }
  linearRampToValueAtTime(value: number, atS: number) {
    this.steps.push({ kind: 'ramp', value, atS });
  }
}

class FakeGain {
  readonly gain = new FakeParam();
  output: unknown = null;
  connect(node: unknown) {
    this.output = node;
  }
  disconnect() {
    this.output = null;
  }
}

class FakeOscillator {
  type = 'sine';
  readonly frequency = new FakeParam();
  output: FakeGain | null = null;
  startS: number | null = null;
  stopS: number | null = null;
  onended: (() => void) | null = null;
  connect(node: FakeGain) {
    this.output = node;
  }
  start(atS: number) {
    this.startS = atS;
  }
  stop(atS: number) {
    this.stopS = atS;
  }
}

class FakeAudioContext {
  state: 'suspended' | 'running' | 'closed' = 'suspended';
  currentTime = 12;
  readonly destination = { name: 'speakers' };
  readonly oscillators: FakeOscillator[] = [];
  resumes = 0;
  resume() {
    this.resumes += 1;
    this.state = 'running';
    return Promise.resolve();
  }
  createOscillator() {
    const oscillator = new FakeOscillator();
    this.oscillators.push(oscillator);
    return oscillator;
  }
  createGain() {
    return new FakeGain();
  }
}

function fakePort() {
  const contexts: FakeAudioContext[] = [];
  const open = vi.fn(() => {
    const context = new FakeAudioContext();
    contexts.push(context);
    return context as unknown as ToneContext;
  });
  return { port: createWebAudioSoundPort(open), open, contexts };
}

function played(sound: SoundName, volume = 100) {
  const { port, contexts } = fakePort();
  port.play(sound, volume);
  return contexts[0]?.oscillators ?? [];
}

const loudest = (oscillator: FakeOscillator) =>
  Math.max(...oscillator.output!.gain.steps.map((step) => step.value));

describe('the Web Audio sound port', () => {
  it('opens its AudioContext on the first sound only, once, and wakes it when suspended', () => {
    const { port, open, contexts } = fakePort();
    expect(open).not.toHaveBeenCalled();
    port.play('card-read', 70);
    port.play('accepted', 70);
    expect(open).toHaveBeenCalledTimes(1);
    expect(contexts[0]!.resumes).toBe(1);
    expect(contexts[0]!.oscillators).toHaveLength(3);
  });

  it('gives each sound its own pitches', () => {
    const pitches = (sound: SoundName) =>
      new Set(played(sound).map((oscillator) => oscillator.frequency.value));
    const cardRead = pitches('card-read');
    const accepted = pitches('accepted');
    const error = pitches('error');
    const tapAgain = pitches('tap-again');
    const sets = [cardRead, accepted, error, tapAgain];
    for (const set of sets) expect(set.size).toBeGreaterThan(0);
    const all = sets.flatMap((set) => [...set]);
    expect(new Set(all).size).toBe(all.length);
    // "Tap again" falls, between the error's low buzz and the chime: not an alarm.
    expect([...tapAgain]).toEqual([...tapAgain].sort((a, b) => b - a));
    expect(Math.min(...tapAgain)).toBeGreaterThan(Math.max(...error));
    expect(played('tap-again').map((oscillator) => oscillator.type)).not.toContain('square');
    // The chime rises; the error is low.
    expect([...accepted]).toEqual([...accepted].sort((a, b) => a - b));
    expect(Math.max(...error)).toBeLessThan(Math.min(...cardRead, ...accepted));
  });

  it('plays short tones: oscillator -> gain -> speakers, started ahead of now, ending at zero', () => {
    for (const sound of ['card-read', 'accepted', 'error', 'tap-again'] as const) {
      for (const oscillator of played(sound)) {
        expect(oscillator.output!.output).toEqual({ name: 'speakers' });
        expect(oscillator.startS).toBeGreaterThanOrEqual(12);
        expect(oscillator.stopS! - 12).toBeLessThan(0.6);
        const steps = oscillator.output!.gain.steps;
        expect(steps[0]).toMatchObject({ value: 0, atS: oscillator.startS });
        expect(steps.at(-1)).toMatchObject({ value: 0, atS: oscillator.stopS });
        oscillator.onended?.();
        expect(oscillator.output!.output).toBeNull();
      }
    }
  });

  it('takes its gain from the volume: squared, capped at 100, nothing at all at 0', () => {
    const at = (volume: number) => loudest(played('card-read', volume)[0]!);
    expect(at(100)).toBeCloseTo(MAX_GAIN);
    expect(at(50)).toBeCloseTo(MAX_GAIN / 4);
    expect(at(10)).toBeCloseTo(MAX_GAIN / 100);
    expect(at(250)).toBeCloseTo(MAX_GAIN);
    expect(peakGain(Number.NaN)).toBe(0);
    const { port, open } = fakePort();
    port.play('accepted', 0);
    port.play('accepted', -5);
    expect(open).not.toHaveBeenCalled();
  });

  it('stays silent without throwing when the page has no audio', async () => {
    // This test file runs in Node: no AudioContext at all.
    expect(typeof globalThis.AudioContext).toBe('undefined');
    expect(() => createWebAudioSoundPort().play('error', 70)).not.toThrow();
    expect(() => createWebAudioSoundPort(() => null).play('error', 70)).not.toThrow();
    const refused = () => {
      throw new Error('NotAllowedError');
    };
    expect(() => createWebAudioSoundPort(refused).play('error', 70)).not.toThrow();
    const broken = new FakeAudioContext();
    broken.createOscillator = () => {
      throw new Error('InvalidStateError');
    };
    broken.resume = () => Promise.reject(new Error('no device'));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    expect(() =>
      createWebAudioSoundPort(() => broken as unknown as ToneContext).play('accepted', 70),
    ).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('opens a new context when the last one was closed', () => {
    const { port, open, contexts } = fakePort();
    port.play('card-read', 70);
    contexts[0]!.state = 'closed';
    port.play('card-read', 70);
    expect(open).toHaveBeenCalledTimes(2);
    expect(contexts[1]!.oscillators).toHaveLength(1);
  });
});

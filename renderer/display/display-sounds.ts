import type { CustomerView } from '../../shared/ipc/views';
import type { SoundName } from '../common/sound/sound-port';

/**
 * Which sound the customer display makes when its view changes: the chime when it turns
 * paid (a tap makes its own sound from its answer: common/sound/tap-sounds.ts). Never an
 * error sound: the customer is not the one to act on it, and a buzz in front of the queue
 * helps nobody.
 */
export function soundForViewChange(
  previous: CustomerView | null,
  next: CustomerView | null,
): SoundName | null {
  if (previous === null || next === null || previous.phase === next.phase) return null;
  return next.phase === 'paid' ? 'accepted' : null;
}

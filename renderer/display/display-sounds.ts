import type { CustomerView } from '../../shared/ipc/views';
import type { SoundName } from '../common/sound/sound-port';

/**
 * Which sound the customer display makes when its view changes: the card read when the
 * display starts processing, the chime when it turns paid. Never an error sound: the
 * customer is not the one to act on it, and a buzz in front of the queue helps nobody.
 */
export function soundForViewChange(
  previous: CustomerView | null,
  next: CustomerView | null,
): SoundName | null {
  if (previous === null || next === null || previous.phase === next.phase) return null;
  if (next.phase === 'processing') return 'card-read';
  if (next.phase === 'paid') return 'accepted';
  return null;
}

import type { SaleSnapshot } from '../../../shared/sale/sale-snapshot';
import { paidStates, type SaleState } from '../../../shared/sale/sale-states';
import type { SoundName } from '../../common/sound/sound-port';

/** States the cashier has to look at: the money did not (or may not have) come in. */
const troubleStates: ReadonlySet<SaleState> = new Set<SaleState>([
  'refused',
  'failed',
  'outcome-unknown',
  'retry-refused',
]);

/**
 * Which sound a change of the sale makes, from the snapshot before and the one after.
 * A sale cleared is silent, and so is a new sale, unless it is already in trouble when the
 * page first sees it (a refusal can come back before the page has drawn the request); a page
 * that just opened is silent (use-sound-cues.ts). A card read is the tap leaving waiting-for-tap for the service; any
 * state the reports count as paid is "accepted"; trouble is an error, and so is a tap the
 * till refused (a notice while still waiting for a tap: every snapshot main sends with one
 * is another refused tap, even with the same words as the last).
 */
export function soundForSaleChange(
  previous: SaleSnapshot | null,
  next: SaleSnapshot | null,
): SoundName | null {
  if (next === null || previous === next) return null;
  if (previous === null || previous.orderId !== next.orderId)
    return troubleStates.has(next.state) ? 'error' : null;
  if (previous.state === next.state)
    return next.state === 'waiting-for-tap' && next.notice !== null ? 'error' : null;
  if (previous.state === 'waiting-for-tap' && next.state === 'submitting') return 'card-read';
  if (paidStates.has(next.state)) return 'accepted';
  if (troubleStates.has(next.state)) return 'error';
  return null;
}

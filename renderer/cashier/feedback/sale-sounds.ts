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
 * that just opened is silent (use-sound-cues.ts). A tap makes its own sound, once, from its
 * answer ('nfc-tap': common/sound/tap-sounds.ts), so the card read and a refused tap make
 * none here; any state the reports count as paid is "accepted"; trouble is an error.
 */
export function soundForSaleChange(
  previous: SaleSnapshot | null,
  next: SaleSnapshot | null,
): SoundName | null {
  if (next === null || previous === next) return null;
  if (previous === null || previous.orderId !== next.orderId)
    return troubleStates.has(next.state) ? 'error' : null;
  if (previous.state === next.state) return null;
  if (paidStates.has(next.state)) return 'accepted';
  if (troubleStates.has(next.state)) return 'error';
  return null;
}

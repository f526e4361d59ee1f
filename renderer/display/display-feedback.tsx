import type { CustomerView } from '../../shared/ipc/views';
import { useSoundCues } from '../common/sound/use-sound-cues';
import { soundForViewChange } from './display-sounds';

/**
 * The customer display's sounds, at the volume main puts in the view (0, the default, when
 * the shop did not ask the display to play them). No flash: the display's outcome screens
 * already fill it with colour. The hidden element keeps what was played for tests, as the
 * cashier's feedback does.
 */
export function DisplayFeedback({ view }: { view: CustomerView | null }) {
  const { plays } = useSoundCues(view, soundForViewChange, view?.soundVolume ?? 0);
  return (
    <div
      hidden
      data-testid="display-feedback"
      data-last-sound={plays.last ?? undefined}
      data-sound-count={plays.count}
    />
  );
}

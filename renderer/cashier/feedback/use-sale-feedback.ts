import type { SaleSnapshot } from '../../../shared/sale/sale-snapshot';
import type { PageSettings } from '../../../shared/settings';
import { useSoundCues, type SoundCues } from '../../common/sound/use-sound-cues';
import { soundForSaleChange } from './sale-sounds';

/**
 * The cashier's feedback on the sale: a cue for each change worth a sound, played at the
 * settings' volume while "Sounds at the till" is on. Until the settings arrive nothing is
 * played (the cashier may have turned sounds off); the cue is there to flash either way.
 */
export function useSaleFeedback(
  sale: SaleSnapshot | null,
  settings: PageSettings | null,
): SoundCues {
  return useSoundCues(sale, soundForSaleChange, tillVolume(settings));
}

/** The till's volume: the settings' while "Sounds at the till" is on, 0 until they arrive. */
export function tillVolume(settings: PageSettings | null): number {
  return settings?.values.soundOn ? settings.values.soundVolume : 0;
}

import type { ShopFace } from '../../shared/ipc/views';
import type { Settings } from '../../shared/settings';

export interface ShopFaceParts {
  settings: () => Settings;
  isDemo: () => boolean;
  /** An https logo as a data: URL through the bounded logo fetcher; null when it fails. */
  download: (url: string) => Promise<string | null>;
  /** The face changed after a download finished: the display is told again. */
  onLoaded: () => void;
}

/**
 * What the customer display shows of the shop: its name, its logo, demo mode and the
 * display's sound volume. A data: logo is used as it is; an https logo is downloaded once per
 * address in the background (the idle screen shows the name meanwhile, and for good when the
 * download fails: a broken logo never blanks the display).
 */
export class ShopFaceSource {
  private loaded: { url: string; dataUrl: string | null } | null = null;
  private loading: string | null = null;

  constructor(private readonly parts: ShopFaceParts) {}

  current(): ShopFace {
    const values = this.parts.settings();
    return {
      shopName: values.shopName,
      shopLogo: this.logoFor(values.shopLogo),
      demoMode: this.parts.isDemo(),
      soundVolume: values.soundOn && values.customerDisplaySound ? values.soundVolume : 0,
    };
  }

  private logoFor(logo: string): string | null {
    if (logo === '') return null;
    if (logo.startsWith('data:')) return logo;
    if (this.loaded?.url === logo) return this.loaded.dataUrl;
    if (this.loading !== logo) {
      this.loading = logo;
      void this.parts
        .download(logo)
        .catch(() => null)
        .then((dataUrl) => {
          if (this.loading !== logo) return;
          this.loading = null;
          this.loaded = { url: logo, dataUrl };
          this.parts.onLoaded();
        });
    }
    return null;
  }
}

import { describe, expect, it } from 'vitest';
import { ShopFaceSource } from '../../../electron/customer-display/shop-face';
import { defaultSettings, type Settings } from '../../../shared/settings';

function source(patch: Partial<Settings>, download: (url: string) => Promise<string | null>) {
  let settings: Settings = { ...defaultSettings({ reportTimeZone: 'UTC' }), ...patch };
  let loaded = 0;
  const face = new ShopFaceSource({
    settings: () => settings,
    isDemo: () => false,
    download,
    onLoaded: () => (loaded += 1),
  });
  return {
    face,
    loaded: () => loaded,
    set: (next: Partial<Settings>) => (settings = { ...settings, ...next }),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ShopFaceSource', () => {
  it('passes a data: logo as it is and sends no sound unless the display is to play it', () => {
    const logo = 'data:image/png;base64,AA==';
    const { face, set } = source({ shopName: 'Corner', shopLogo: logo, soundVolume: 55 }, () =>
      Promise.reject(new Error('no download expected')),
    );
    expect(face.current()).toEqual({
      shopName: 'Corner',
      shopLogo: logo,
      demoMode: false,
      soundVolume: 0,
    });
    set({ customerDisplaySound: true });
    expect(face.current().soundVolume).toBe(55);
    set({ soundOn: false });
    expect(face.current().soundVolume).toBe(0);
  });

  it('downloads an https logo once, in the background, and tells when it has it', async () => {
    const asked: string[] = [];
    const { face, loaded } = source({ shopLogo: 'https://shop.example/logo.png' }, (url) => {
      asked.push(url);
      return Promise.resolve('data:image/png;base64,BB==');
    });
    expect(face.current().shopLogo).toBeNull();
    expect(face.current().shopLogo).toBeNull();
    await flush();
    expect(loaded()).toBe(1);
    expect(face.current().shopLogo).toBe('data:image/png;base64,BB==');
    expect(asked).toEqual(['https://shop.example/logo.png']);
  });

  it('shows no logo when the download fails, and does not ask again for the same address', async () => {
    let asked = 0;
    const { face } = source({ shopLogo: 'https://shop.example/logo.png' }, () => {
      asked += 1;
      return Promise.reject(new Error('refused'));
    });
    face.current();
    await flush();
    expect(face.current().shopLogo).toBeNull();
    await flush();
    expect(asked).toBe(1);
  });
});

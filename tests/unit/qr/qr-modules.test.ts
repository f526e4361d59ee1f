import jsQR from 'jsqr';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packQrModules, qrModulePath, unpackQrModules } from '../../../shared/qr/qr-modules';
import { createQrEncoder, encodeQr } from '../../../electron/qr/qr-encoder';

/** Draws QrModules at `scale` px per module with a 4-module quiet zone, as RGBA for jsQR. */
function raster(dark: boolean[], size: number, scale = 4) {
  const extent = (size + 8) * scale;
  const data = new Uint8ClampedArray(extent * extent * 4).fill(255);
  dark.forEach((isDark, index) => {
    if (!isDark) return;
    const [row, col] = [Math.floor(index / size), index % size];
    for (let y = 0; y < scale; y++)
      for (let x = 0; x < scale; x++) {
        const at = (((row + 4) * scale + y) * extent + (col + 4) * scale + x) * 4;
        data.set([0, 0, 0, 255], at);
      }
  });
  return { data, extent };
}

describe('QR modules (main encodes, pages draw)', () => {
  it('packs and unpacks any module pattern unchanged', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 21, max: 61 })
          .chain((size) =>
            fc.tuple(
              fc.constant(size),
              fc.array(fc.boolean(), { minLength: size * size, maxLength: size * size }),
            ),
          ),
        ([size, dark]) => {
          expect(unpackQrModules(packQrModules(size, (index) => dark[index]!))).toEqual(dark);
        },
      ),
    );
  });

  it('encodes a payment link that a QR decoder reads back exactly', () => {
    const link =
      'http://127.0.0.1:45678/app/qr-scan?&order_id=0194a1b2-1234-7abc-8def-0123456789ab&amount=12.5';
    const qr = encodeQr(link);
    const { data, extent } = raster(unpackQrModules(qr), qr.size);
    expect(jsQR(data, extent, extent)?.data).toBe(link);
  });

  it('draws one subpath per horizontal run of dark modules, inside the quiet zone', () => {
    // Row 0: dark at 0-1 and 5; every other module light.
    const size = 21;
    const qr = packQrModules(size, (index) => index === 0 || index === 1 || index === 5);
    expect(qrModulePath(qr, 4)).toBe('M4 4h2v1h-2zM9 4h1v1h-1z');
  });

  it('refuses a payload that does not fit its size', () => {
    expect(() => unpackQrModules({ size: 21, dark: 'AAAA' })).toThrow(/21×21/);
    expect(() => unpackQrModules({ size: 2.5, dark: '' })).toThrow();
  });

  it('encodes each link once while it is recent', () => {
    const encode = createQrEncoder(2);
    const first = encode('https://pay.example/a');
    expect(encode('https://pay.example/a')).toBe(first);
    encode('https://pay.example/b');
    encode('https://pay.example/c');
    // 'a' fell out of the two most recent: a fresh (equal) encoding.
    const again = encode('https://pay.example/a');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});

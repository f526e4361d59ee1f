// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentQr, QUIET_ZONE_MODULES } from '../../../../renderer/common/payment-qr';
import { encodeQr } from '../../../../electron/qr/qr-encoder';

afterEach(cleanup);

const link =
  'https://pay.example/v1/cf-payment/pay?order_id=0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b&chain_id=1&amount=12.5&contract=0x1111111111111111111111111111111111111111';

/** Rasterises the SVG's module path (one run per subpath: "M x y h n v1 h-n z") at `scale` px per module. */
function rasterise(
  svg: SVGSVGElement,
  scale: number,
): { data: Uint8ClampedArray; width: number; modules: number } {
  const modules = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
  const dark = new Set<string>();
  const paths = svg.querySelectorAll('path');
  const foreground = paths[paths.length - 1]?.getAttribute('d') ?? '';
  for (const run of foreground.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    const [x, y, length] = [Number(run[1]), Number(run[2]), Number(run[3])];
    for (let i = 0; i < length; i++) dark.add(`${x + i},${y}`);
  }
  const width = modules * scale;
  const data = new Uint8ClampedArray(width * width * 4);
  for (let py = 0; py < width; py++) {
    for (let px = 0; px < width; px++) {
      const value = dark.has(`${Math.floor(px / scale)},${Math.floor(py / scale)}`) ? 0 : 255;
      data.set([value, value, value, 255], (py * width + px) * 4);
    }
  }
  return { data, width, modules };
}

describe('<PaymentQr>', () => {
  it('encodes the link exactly, readable by a QR decoder', () => {
    render(<PaymentQr qr={encodeQr(link)} testId="customer-qr" />);
    const svg = screen.getByTestId('customer-qr') as unknown as SVGSVGElement;
    const { data, width } = rasterise(svg, 4);
    expect(jsQR(data, width, width)?.data).toBe(link);
  });

  it('draws a 4-module white quiet zone inside the SVG and black modules only within it', () => {
    render(<PaymentQr qr={encodeQr(link)} />);
    const svg = screen.getByTestId('payment-qr') as unknown as SVGSVGElement;
    const { modules } = rasterise(svg, 1);
    const background = svg.querySelector('path')!;
    expect(background.getAttribute('fill')).toBe('#ffffff');
    expect(svg.querySelectorAll('path')[1]!.getAttribute('fill')).toBe('#000000');
    const runs = [
      ...(svg.querySelectorAll('path')[1]!.getAttribute('d') ?? '').matchAll(
        /M(\d+)[ ,](\d+)\s*h(\d+)/g,
      ),
    ];
    const xs = runs.map((run) => Number(run[1]));
    const ys = runs.map((run) => Number(run[2]));
    const ends = runs.map((run) => Number(run[1]) + Number(run[3]));
    expect(Math.min(...xs)).toBe(QUIET_ZONE_MODULES);
    expect(Math.min(...ys)).toBe(QUIET_ZONE_MODULES);
    expect(Math.max(...ends)).toBe(modules - QUIET_ZONE_MODULES);
    expect(Math.max(...ys)).toBe(modules - QUIET_ZONE_MODULES - 1);
  });

  it('uses error correction M: the version (size) matches level M, not the default L', () => {
    render(<PaymentQr qr={encodeQr(link)} />);
    const svg = screen.getByTestId('payment-qr') as unknown as SVGSVGElement;
    const { data, width, modules } = rasterise(svg, 4);
    expect(jsQR(data, width, width)).not.toBeNull();
    // The same link at level L would fit a smaller version: the size says which level it is.
    const sizeAt = (level: 'L' | 'M') =>
      QRCode.create([{ data: new TextEncoder().encode(link), mode: 'byte' }], {
        errorCorrectionLevel: level,
      }).modules.size;
    expect(sizeAt('L')).toBeLessThan(sizeAt('M'));
    expect(modules - 2 * QUIET_ZONE_MODULES).toBe(sizeAt('M'));
  });

  it('says the code is unavailable rather than drawing a broken one', () => {
    render(<PaymentQr qr={{ size: 25, dark: 'AAAA' }} />);
    expect(screen.getByRole('img', { name: 'QR code unavailable' })).toBeTruthy();
    expect(screen.getByTestId('payment-qr').querySelector('path')).toBeNull();
  });

  it('scales to a CSS length and names itself for screen readers', () => {
    render(<PaymentQr qr={encodeQr(link)} size="40rem" label="Payment QR code for 12.50 USDT" />);
    const svg = screen.getByRole('img', { name: 'Payment QR code for 12.50 USDT' });
    expect(svg.getAttribute('style')).toContain('width: 40rem');
  });
});

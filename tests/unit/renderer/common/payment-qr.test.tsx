// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import jsQR from 'jsqr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PaymentQr, QUIET_ZONE_MODULES } from '../../../../renderer/common/payment-qr';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const link =
  'https://pay.example/v1/cf-payment/pay?order_id=0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b&chain_id=1&amount=12.5&contract=0x1111111111111111111111111111111111111111';

/** The dark modules of the SVG's foreground path (one run per subpath: "M x y h n v1 H x z"). */
function darkModules(svg: SVGSVGElement): { dark: Set<string>; extent: number } {
  const extent = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
  const paths = svg.querySelectorAll('path');
  const foreground = paths[paths.length - 1]?.getAttribute('d') ?? '';
  const dark = new Set<string>();
  for (const run of foreground.matchAll(/M(\d+)[ ,](\d+)\s*h(\d+)v1H\d+z/g)) {
    const [x, y, length] = [Number(run[1]), Number(run[2]), Number(run[3])];
    for (let i = 0; i < length; i++) dark.add(`${x + i},${y}`);
  }
  return { dark, extent };
}

/** The modules drawn at `scale` px each, as RGBA for jsQR. */
function rasterise(svg: SVGSVGElement, scale: number) {
  const { dark, extent } = darkModules(svg);
  const width = extent * scale;
  const data = new Uint8ClampedArray(width * width * 4);
  for (let py = 0; py < width; py++) {
    for (let px = 0; px < width; px++) {
      const value = dark.has(`${Math.floor(px / scale)},${Math.floor(py / scale)}`) ? 0 : 255;
      data.set([value, value, value, 255], (py * width + px) * 4);
    }
  }
  return { data, width };
}

/**
 * The error correction level written in the code's format information: its two top bits,
 * XOR-masked with 0b10, are modules (0, 8) and (1, 8) beside the top-left finder (ISO/IEC 18004).
 */
function errorCorrectionLevel(svg: SVGSVGElement): string {
  const { dark } = darkModules(svg);
  const at = (x: number, y: number) =>
    dark.has(`${x + QUIET_ZONE_MODULES},${y + QUIET_ZONE_MODULES}`) ? 1 : 0;
  const bits = ((at(0, 8) ^ 1) << 1) | at(1, 8);
  return ['M', 'L', 'H', 'Q'][bits]!;
}

const svgOf = (testId: string) => screen.getByTestId(testId) as unknown as SVGSVGElement;

describe('<PaymentQr>', () => {
  it('encodes the link exactly, readable by a QR decoder', () => {
    render(<PaymentQr link={link} testId="customer-qr" />);
    const { data, width } = rasterise(svgOf('customer-qr'), 4);
    expect(jsQR(data, width, width)?.data).toBe(link);
  });

  it('draws a 4-module white quiet zone inside the SVG and black modules only within it', () => {
    render(<PaymentQr link={link} />);
    const svg = svgOf('payment-qr');
    const [background, foreground] = svg.querySelectorAll('path');
    expect(background!.getAttribute('fill')).toBe('#ffffff');
    expect(foreground!.getAttribute('fill')).toBe('#000000');
    const { dark, extent } = darkModules(svg);
    const xs = [...dark].map((cell) => Number(cell.split(',')[0]));
    const ys = [...dark].map((cell) => Number(cell.split(',')[1]));
    expect(Math.min(...xs)).toBe(QUIET_ZONE_MODULES);
    expect(Math.min(...ys)).toBe(QUIET_ZONE_MODULES);
    expect(Math.max(...xs)).toBe(extent - QUIET_ZONE_MODULES - 1);
    expect(Math.max(...ys)).toBe(extent - QUIET_ZONE_MODULES - 1);
  });

  it.each([
    ['this link', link],
    // 16 bytes: version 2 at level M, where level Q would fit too (qrcode.react raises the
    // level to the highest that fits unless told not to).
    ['a short link', 'https://pay.ex/1'],
    ['a link of 400 characters', `https://pay.example/p?o=${'a'.repeat(376)}`],
  ])('uses error correction M, never raised to a higher level, for %s', (_name, text) => {
    render(<PaymentQr link={text} />);
    const svg = svgOf('payment-qr');
    expect(errorCorrectionLevel(svg)).toBe('M');
    const { data, width } = rasterise(svg, 2);
    expect(jsQR(data, width, width)?.data).toBe(text);
  });

  it('says the code is unavailable rather than taking the page down for a link too long for any QR code', () => {
    // React reports the encoder's error on the console before the fallback takes over.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<PaymentQr link={`https://pay.example/p?o=${'a'.repeat(3000)}`} />);
    expect(screen.getByRole('img', { name: 'QR code unavailable' })).toBeTruthy();
    expect(screen.getByTestId('payment-qr').querySelector('path')).toBeNull();
  });

  it('scales to a CSS length and names itself for screen readers', () => {
    render(<PaymentQr link={link} size="40rem" label="Payment QR code for 12.50 USDT" />);
    const svg = screen.getByRole('img', { name: 'Payment QR code for 12.50 USDT' });
    expect(svg.getAttribute('style')).toContain('width: 40rem');
    expect(svg.getAttribute('data-testid')).toBe('payment-qr');
  });
});

import { create } from 'qrcode';

/** The quiet zone the QR standard asks for around the code, in modules. */
const QUIET_ZONE = 4;

/**
 * A QR code of `data` as an SVG element, drawn in main so the printed page needs no script:
 * the matrix comes from the `qrcode` package (its encoder, error correction level M, like the
 * payment QR on screen), the drawing is one path of whole modules with crisp edges.
 * `sizeMm` is the printed side length, quiet zone included.
 */
export function qrSvg(data: string, sizeMm: number): string {
  const { modules } = create(data, { errorCorrectionLevel: 'M' });
  const side = modules.size + QUIET_ZONE * 2;
  let path = '';
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" ` +
    `width="${sizeMm}mm" height="${sizeMm}mm" shape-rendering="crispEdges" role="img" aria-label="QR code">` +
    `<rect width="${side}" height="${side}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`
  );
}

/**
 * A QR code as main encoded it, for the pages to draw: `size` modules a side, row by row,
 * one bit per module (1 = dark, most significant bit first), base64. Main encodes each
 * payment link once (electron/qr/qr-encoder.ts) and both screens draw the same code; the
 * pages never run a QR encoder (it was the largest piece of the customer display's work
 * between the link arriving and the QR on screen).
 */
export interface QrModules {
  size: number;
  dark: string;
}

/** Packs `size`² modules (row by row, `isDark(index)`) into QrModules. */
export function packQrModules(size: number, isDark: (index: number) => boolean): QrModules {
  const bytes = new Uint8Array(Math.ceil((size * size) / 8));
  for (let index = 0; index < size * size; index += 1)
    if (isDark(index)) bytes[index >> 3]! |= 0x80 >> (index & 7);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return { size, dark: btoa(binary) };
}

/** Whether each module is dark, row by row; throws on a payload that does not fit its size. */
export function unpackQrModules(qr: QrModules): boolean[] {
  const binary = atob(qr.dark);
  const count = qr.size * qr.size;
  if (!Number.isInteger(qr.size) || qr.size < 21 || binary.length !== Math.ceil(count / 8))
    throw new Error(`QR modules do not fit a ${qr.size}×${qr.size} code.`);
  const dark: boolean[] = [];
  for (let index = 0; index < count; index += 1)
    dark.push((binary.charCodeAt(index >> 3) & (0x80 >> (index & 7))) !== 0);
  return dark;
}

/**
 * An SVG path drawing the dark modules, one subpath per horizontal run, offset by `margin`
 * modules of quiet zone. The viewBox is `size + 2 * margin` modules a side.
 */
export function qrModulePath(qr: QrModules, margin: number): string {
  const dark = unpackQrModules(qr);
  const parts: string[] = [];
  for (let row = 0; row < qr.size; row += 1) {
    let col = 0;
    while (col < qr.size) {
      if (!dark[row * qr.size + col]) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < qr.size && dark[row * qr.size + col]) col += 1;
      parts.push(`M${start + margin} ${row + margin}h${col - start}v1h-${col - start}z`);
    }
  }
  return parts.join('');
}

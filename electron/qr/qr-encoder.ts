import QRCode from 'qrcode';
import { packQrModules, type QrModules } from '../../shared/qr/qr-modules';

/**
 * Error correction 'M': survives glare and a scratched screen protector without making the
 * modules much smaller (a phone at arm's length still reads them).
 */
const QR_ERROR_CORRECTION = 'M';

/**
 * Encodes `text` (a payment link) as a QR code, with the mask the QR standard's penalty rules
 * pick. One byte-mode segment: node-qrcode's mixed-mode optimiser would save a version now
 * and then, but it takes several times as long (measured about 1.5 ms typical and up to 7 ms,
 * against 0.9-1.1 ms), on the path from the service's answer to the customer's QR.
 */
export function encodeQr(text: string): QrModules {
  const { modules } = QRCode.create([{ data: new TextEncoder().encode(text), mode: 'byte' }], {
    errorCorrectionLevel: QR_ERROR_CORRECTION,
  });
  return packQrModules(modules.size, (index) => modules.data[index] === 1);
}

/**
 * encodeQr remembering the last few links: a sale's snapshot is rebuilt at every change of
 * state, and its link (hence its code) stays the same.
 */
export function createQrEncoder(capacity = 8): (text: string) => QrModules {
  const recent = new Map<string, QrModules>();
  return (text) => {
    const known = recent.get(text);
    if (known) return known;
    const qr = encodeQr(text);
    recent.set(text, qr);
    if (recent.size > capacity) recent.delete(recent.keys().next().value!);
    return qr;
  };
}

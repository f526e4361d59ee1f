import { memo } from 'react';
import { QRCodeSVG } from 'qrcode.react';

export interface PaymentQrProps {
  /** The payment link exactly as the service issued it (and main checked it). */
  value: string;
  /**
   * Edge length: a number (px) or any CSS length ("min(70vh, 90vw)"). The SVG scales without
   * blur, so the display can make it fill the screen's height.
   */
  size?: number | string;
  /** data-testid of the <svg> ("customer-qr" on the display, e.g. "cashier-qr" on the till). */
  testId?: string;
  /** Accessible name of the code. */
  label?: string;
}

/** Module count of the quiet zone the QR spec asks for: phones read a code with 4 far better. */
export const QUIET_ZONE_MODULES = 4;

/**
 * The payment link as a QR code: error correction 'M' (survives glare and a scratched
 * screen protector without making the modules much smaller), a 4-module quiet zone drawn
 * in the SVG itself (so a dark page around it cannot eat it), pure black on pure white.
 * Memoised: the countdown ticks re-render the screen around it once a second, and
 * QRCodeSVG rebuilds its path string from every module on each render it gets.
 */
export const PaymentQr = memo(function PaymentQr({
  value,
  size = 256,
  testId = 'payment-qr',
  label = 'Payment QR code',
}: PaymentQrProps) {
  const edge = typeof size === 'number' ? `${size}px` : size;
  return (
    <QRCodeSVG
      value={value}
      level="M"
      marginSize={QUIET_ZONE_MODULES}
      bgColor="#ffffff"
      fgColor="#000000"
      size={typeof size === 'number' ? size : 256}
      role="img"
      aria-label={label}
      data-testid={testId}
      style={{ width: edge, height: edge, display: 'block', shapeRendering: 'crispEdges' }}
    />
  );
});

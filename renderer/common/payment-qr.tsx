import { memo, useMemo } from 'react';
import { qrModulePath, type QrModules } from '../../shared/qr/qr-modules';

export interface PaymentQrProps {
  /** The payment link's code as main encoded it (electron/qr/qr-encoder.ts). */
  qr: QrModules;
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
 * The payment link's QR code, drawn from the modules main encoded (no encoding in the page):
 * a 4-module quiet zone drawn in the SVG itself (so a dark page around it cannot eat it),
 * pure black on pure white, crisp edges at any size. Memoised on the code: the countdown
 * ticks re-render the screen around it once a second.
 */
export const PaymentQr = memo(function PaymentQr({
  qr,
  size = 256,
  testId = 'payment-qr',
  label = 'Payment QR code',
}: PaymentQrProps) {
  const path = useMemo(() => {
    try {
      return qrModulePath({ size: qr.size, dark: qr.dark }, QUIET_ZONE_MODULES);
    } catch {
      return null;
    }
  }, [qr.size, qr.dark]);
  const edge = typeof size === 'number' ? `${size}px` : size;
  const style = { width: edge, height: edge, display: 'block' } as const;
  if (path === null)
    return <div role="img" aria-label="QR code unavailable" data-testid={testId} style={style} />;
  const extent = qr.size + 2 * QUIET_ZONE_MODULES;
  return (
    <svg
      viewBox={`0 0 ${extent} ${extent}`}
      role="img"
      aria-label={label}
      data-testid={testId}
      style={{ ...style, shapeRendering: 'crispEdges' }}
    >
      <path fill="#ffffff" d={`M0 0h${extent}v${extent}H0z`} />
      <path fill="#000000" d={path} />
    </svg>
  );
});

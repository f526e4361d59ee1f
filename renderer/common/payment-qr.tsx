import { QRCodeSVG } from 'qrcode.react';
import { Component, memo, type ReactNode } from 'react';

export interface PaymentQrProps {
  /** The payment link main checked (docs/payment-service.md: Payment link). */
  link: string;
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
 * Error correction 'M': survives glare and a scratched screen protector without making the
 * modules much smaller (a phone at arm's length still reads them). Never raised on its own
 * (qrcode.react's boostLevel): the same link always gives the same code on both screens.
 */
const ERROR_CORRECTION = 'M';

/**
 * The payment link's QR code (qrcode.react): a 4-module quiet zone drawn in the SVG itself
 * (so a dark page around it cannot eat it), pure black on pure white, crisp edges at any
 * size. Memoised on its props: the countdown ticks re-render the screen around it once a
 * second, and the code is encoded again only for another link.
 */
export const PaymentQr = memo(function PaymentQr({
  link,
  size = 256,
  testId = 'payment-qr',
  label = 'Payment QR code',
}: PaymentQrProps) {
  const edge = typeof size === 'number' ? `${size}px` : size;
  const style = { width: edge, height: edge, display: 'block' } as const;
  return (
    <QrUnavailableOnError
      key={link}
      fallback={
        <div role="img" aria-label="QR code unavailable" data-testid={testId} style={style} />
      }
    >
      <QRCodeSVG
        value={link}
        level={ERROR_CORRECTION}
        boostLevel={false}
        marginSize={QUIET_ZONE_MODULES}
        bgColor="#ffffff"
        fgColor="#000000"
        aria-label={label}
        data-testid={testId}
        style={style}
      />
    </QrUnavailableOnError>
  );
});

/**
 * A link the encoder cannot take (longer than the largest QR code holds) shows "QR code
 * unavailable" in its place instead of taking the whole page down. Main's link check keeps
 * links far below that size, so this only guards against a broken check.
 */
class QrUnavailableOnError extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

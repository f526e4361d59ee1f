import { Box } from '@mantine/core';
import { PaymentQr } from '../../../common/payment-qr';
import { useAfterIdle } from './use-after-idle';

/**
 * The cashier's small copy of the customer's QR, drawn once the page is idle after the link
 * arrives: the customer display draws its large code at the same moment and goes first.
 */
export function CashierQr({ link }: { link: string }) {
  const draw = useAfterIdle(link);
  return (
    <Box
      className="cashier-qr"
      title="The customer scans the large code on their display"
      w={186}
      h={186}
    >
      {draw ? (
        <PaymentQr
          link={link}
          size={168}
          testId="cashier-qr"
          label="Cashier copy of the payment QR code"
        />
      ) : null}
    </Box>
  );
}

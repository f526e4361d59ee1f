// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../../../shared/history/order-detail';
import { VoidPaymentDialog } from '../../../../renderer/cashier/history/void-payment-dialog';
import { PaidAfterAllDialog } from '../../../../renderer/cashier/late-payment/paid-after-all-dialog';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { cashierTheme } from '../../../../renderer/cashier/cashier-theme';
import { installFakePos, renderWithTheme } from './fake-pos';

/** The same wrapping as renderWithTheme, for a rerender. */
const themed = (node: ReactNode) => <MantineProvider theme={cashierTheme}>{node}</MantineProvider>;

const paidOrder = {
  summary: { orderId: 'order-1', reference: 'DAY-001', amount: '12.5', asset: 'USDT' },
} as OrderDetail;

/** The radio buttons of one reason list (Mantine puts the test id on the input). */
function radios(prefix: string): HTMLInputElement[] {
  return [
    ...document.querySelectorAll<HTMLInputElement>(
      `input[type="radio"][data-testid^="${prefix}-"]`,
    ),
  ];
}

function holdButton(testId: string): HTMLButtonElement {
  return screen.getByTestId(testId) as HTMLButtonElement;
}

beforeEach(() => {
  installFakePos();
});
afterEach(cleanup);

describe('dialogs that ask why', () => {
  it('void: no reason is picked for the manager; the hold works once one is', () => {
    renderWithTheme(<VoidPaymentDialog order={paidOrder} onClose={() => {}} onVoided={() => {}} />);
    const choices = radios('void-reason');
    expect(choices).toHaveLength(4);
    expect(choices.filter((input) => input.checked)).toEqual([]);
    expect(holdButton('confirm-void-payment').disabled).toBe(true);
    expect(screen.getByText('Pick one to go on.')).toBeTruthy();

    fireEvent.click(screen.getByTestId('void-reason-twice'));
    expect(radios('void-reason').filter((input) => input.checked)).toHaveLength(1);
    expect(holdButton('confirm-void-payment').disabled).toBe(false);
    expect(screen.queryByText('Pick one to go on.')).toBeNull();
  });

  it('paid after all: no reason is picked for the cashier either', () => {
    renderWithTheme(
      <PaidAfterAllDialog
        order={{ orderId: 'order-1', reference: 'DAY-001', what: '12.5 USDT', ended: 'expired' }}
        onClose={() => {}}
        onRecorded={() => {}}
      />,
    );
    expect(radios('late-reason').filter((input) => input.checked)).toEqual([]);
    expect(holdButton('confirm-paid-after-all').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('late-reason-wallet'));
    expect(holdButton('confirm-paid-after-all').disabled).toBe(false);
  });

  it('asks anew each time it opens: a reason picked before it was closed is not kept', () => {
    const view = renderWithTheme(
      <VoidPaymentDialog order={paidOrder} onClose={() => {}} onVoided={() => {}} />,
    );
    fireEvent.click(screen.getByTestId('void-reason-twice'));
    view.rerender(
      themed(<VoidPaymentDialog order={null} onClose={() => {}} onVoided={() => {}} />),
    );
    view.rerender(
      themed(<VoidPaymentDialog order={paidOrder} onClose={() => {}} onVoided={() => {}} />),
    );
    expect(radios('void-reason').filter((input) => input.checked)).toEqual([]);
    expect(holdButton('confirm-void-payment').disabled).toBe(true);
  });
});

// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { IdleWarmUp, samplePaymentLink } from '../../../../renderer/common/idle-warm-up';
import { PaymentQr } from '../../../../renderer/common/payment-qr';

afterEach(() => cleanup());

describe('IdleWarmUp', () => {
  it('draws a few different samples off screen and hidden, one at a time, then nothing', async () => {
    const drawn: string[] = [];
    render(
      <IdleWarmUp
        render={(round) => {
          const link = samplePaymentLink(round);
          if (drawn.at(-1) !== link) drawn.push(link);
          return <PaymentQr link={link} testId="warm-up-qr" label="" />;
        }}
      />,
    );
    await waitFor(() => expect(screen.queryByTestId('idle-warm-up')).not.toBeNull());
    const box = screen.getByTestId('idle-warm-up');
    expect(box.getAttribute('aria-hidden')).toBe('true');
    expect(box.hasAttribute('inert')).toBe(true);
    expect(box.style.left).toBe('-10000px');
    expect(screen.getAllByTestId('warm-up-qr')).toHaveLength(1);

    await waitFor(() => expect(screen.queryByTestId('idle-warm-up')).toBeNull());
    expect(drawn.length).toBeGreaterThanOrEqual(4);
    expect(new Set(drawn).size).toBe(drawn.length);
  });

  it('makes sample links as long as a real payment link, on a host that never resolves', () => {
    const link = new URL(samplePaymentLink(3));
    expect(link.hostname.endsWith('.invalid')).toBe(true);
    expect(samplePaymentLink(3).length).toBeGreaterThan(200);
  });
});

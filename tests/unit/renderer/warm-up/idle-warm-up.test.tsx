// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { foregroundLoad } from '../../../../renderer/common/foreground-loads';
import { IdleWarmUp, samplePaymentLink } from '../../../../renderer/warm-up/idle-warm-up';
import { PaymentQr } from '../../../../renderer/common/payment-qr';
import { captureShadowRoots } from '../common/shadow-roots';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const sample = (round: number) => (
  <PaymentQr link={samplePaymentLink(round)} testId="warm-up-qr" label="" />
);

describe('IdleWarmUp', () => {
  it('draws a few different samples backstage, one at a time, then nothing', async () => {
    const stages = captureShadowRoots();
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
    // Backstage (backstage.tsx): the page's queries do not find the sample, its stage holds one.
    expect(screen.queryByTestId('warm-up-qr')).toBeNull();
    expect(stages).toHaveLength(1);
    expect(stages[0]?.querySelectorAll('[data-testid="warm-up-qr"]')).toHaveLength(1);

    await waitFor(() => expect(screen.queryByTestId('idle-warm-up')).toBeNull());
    expect(drawn.length).toBeGreaterThanOrEqual(4);
    expect(new Set(drawn).size).toBe(drawn.length);
  });

  it('does not begin before the page is ready, however long it stays idle', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
    const { rerender } = render(<IdleWarmUp ready={false} render={sample} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(screen.queryByTestId('idle-warm-up')).toBeNull();

    rerender(<IdleWarmUp ready render={sample} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(screen.queryByTestId('idle-warm-up')).not.toBeNull();
  });

  it('draws no round while a list the cashier waits for loads, nor before that list is painted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
    let answer: (value: string[]) => void = () => undefined;
    void foregroundLoad(
      new Promise<string[]>((resolve) => {
        answer = resolve;
      }),
    );
    render(<IdleWarmUp render={sample} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(screen.queryByTestId('idle-warm-up')).toBeNull();

    await act(async () => {
      answer(['ETHEREUM']);
      await Promise.resolve();
    });
    expect(screen.queryByTestId('idle-warm-up')).toBeNull();
    // The frame with the list is painted: the rounds go on.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(screen.queryByTestId('idle-warm-up')).not.toBeNull();
  });

  it('calls onDone once its last round is drawn', async () => {
    let done = 0;
    render(<IdleWarmUp render={sample} onDone={() => (done += 1)} />);
    await waitFor(() => expect(done).toBe(1));
    expect(screen.queryByTestId('idle-warm-up')).toBeNull();
  });

  it('makes sample links as long as a real payment link, on a host that never resolves', () => {
    const link = new URL(samplePaymentLink(3));
    expect(link.hostname.endsWith('.invalid')).toBe(true);
    expect(samplePaymentLink(3).length).toBeGreaterThan(200);
  });
});

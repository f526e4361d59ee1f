// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('AfterFirstPaint', () => {
  it('draws its children a frame after the first screen, then at once on every later mount', async () => {
    vi.resetModules();
    const { AfterFirstPaint } = await import('../../../../renderer/common/after-first-paint');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
    const first = render(
      <>
        <input data-testid="first-screen" />
        <AfterFirstPaint>
          <p data-testid="later">status</p>
        </AfterFirstPaint>
      </>,
    );
    expect(screen.getByTestId('first-screen')).toBeTruthy();
    expect(screen.queryByTestId('later')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(screen.getByTestId('later')).toBeTruthy();

    first.unmount();
    render(
      <AfterFirstPaint>
        <p data-testid="later">status</p>
      </AfterFirstPaint>,
    );
    expect(screen.getByTestId('later')).toBeTruthy();
  });
});

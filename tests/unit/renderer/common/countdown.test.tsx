// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Countdown } from '../../../../renderer/common/countdown';
import { MantineProvider } from '@mantine/core';
import { theme } from '../../../../renderer/common/theme';
import { renderWithTheme } from './render-with-theme';

const expiry = Date.UTC(2026, 10, 22, 9, 15, 0);
afterEach(cleanup);

describe('<Countdown>', () => {
  it('counts from the tick it is given, not from the page clock', () => {
    const view = renderWithTheme(<Countdown expiresAtMs={expiry} nowMs={expiry - 900_000} />);
    expect(screen.getByTestId('countdown').textContent).toBe('Time left: 15:00');
    view.rerender(
      <MantineProvider theme={theme} env="test">
        <Countdown expiresAtMs={expiry} nowMs={expiry - 870_000} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('countdown').textContent).toBe('Time left: 14:30');
    expect(screen.getByTestId('countdown').getAttribute('data-seconds')).toBe('870');
    expect(screen.getByTestId('countdown').hasAttribute('data-urgent')).toBe(false);
    view.rerender(
      <MantineProvider theme={theme} env="test">
        <Countdown expiresAtMs={expiry} nowMs={expiry - 61_000} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('countdown').hasAttribute('data-urgent')).toBe(false);
    view.rerender(
      <MantineProvider theme={theme} env="test">
        <Countdown expiresAtMs={expiry} nowMs={expiry - 60_000} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('countdown').textContent).toBe('Time left: 01:00');
    expect(screen.getByTestId('countdown').getAttribute('data-urgent')).toBe('true');
  });

  it('turns urgent in the last minute, with the optional words, and stops at 00:00', () => {
    const view = renderWithTheme(
      <Countdown
        expiresAtMs={expiry}
        nowMs={expiry - 59_000}
        label="Pay within"
        urgentNote="(almost up)"
      />,
    );
    expect(screen.getByTestId('countdown').textContent).toBe('Pay within: 00:59 (almost up)');
    expect(screen.getByTestId('countdown').getAttribute('data-urgent')).toBe('true');
    view.rerender(
      <MantineProvider theme={theme} env="test">
        <Countdown
          expiresAtMs={expiry}
          nowMs={expiry + 3_000}
          label="Pay within"
          urgentNote="(almost up)"
        />
      </MantineProvider>,
    );
    expect(screen.getByTestId('countdown').textContent).toBe('Pay within: 00:00');
    expect(screen.getByTestId('countdown').getAttribute('data-urgent')).toBe('true');
  });

  it('shows placeholders until the first tick arrives', () => {
    renderWithTheme(<Countdown expiresAtMs={expiry} nowMs={null} />);
    expect(screen.getByTestId('countdown').textContent).toBe('Time left: --:--');
  });
});

// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AboutPanel } from '../../../../renderer/cashier/settings/about-panel';
import { UpdateReadyBadge } from '../../../../renderer/cashier/shell/update-ready-badge';
import { updateStatusWords } from '../../../../renderer/cashier/shell/use-update-status';
import { installFakePos, renderWithTheme, type FakePos } from './fake-pos';

let pos: FakePos;
beforeEach(() => {
  pos = installFakePos();
});
afterEach(() => cleanup());

describe('what the cashier sees of updates', () => {
  it('shows the version and asks main where the update stands', async () => {
    pos.handle('updateStatus', () => ({ kind: 'downloading', version: '0.2.0' }));
    renderWithTheme(<AboutPanel version="0.1.0" />);
    expect(screen.getByTestId('app-version').textContent).toBe('Counter 0.1.0');
    await waitFor(() =>
      expect(screen.getByTestId('update-status').textContent).toContain(
        'Downloading version 0.2.0 in the background',
      ),
    );
  });

  it('says "installs at close" in the header only once an update is ready', async () => {
    pos.handle('updateStatus', () => ({ kind: 'current' }));
    renderWithTheme(<UpdateReadyBadge />);
    await waitFor(() => expect(pos.callsOf('updateStatus')).toHaveLength(1));
    expect(screen.queryByTestId('update-ready')).toBeNull();
    act(() => pos.emit('update-status', { kind: 'ready', version: '0.2.0' }));
    await waitFor(() =>
      expect(screen.getByTestId('update-ready').textContent).toBe(
        'Update ready: installs at close',
      ),
    );
  });

  it('words every status without internal names', () => {
    const words = [
      updateStatusWords({ kind: 'off' }),
      updateStatusWords({ kind: 'checking' }),
      updateStatusWords({ kind: 'current' }),
      updateStatusWords({ kind: 'ready', version: '1.2.3' }),
      updateStatusWords({ kind: 'failed', reason: 'The update could not be downloaded.' }),
    ];
    expect(words[3]).toBe('Version 1.2.3 is ready. It installs when the app closes.');
    expect(words[4]).toBe('The update could not be downloaded.');
    // Each status reads differently, as a sentence.
    expect(new Set(words).size).toBe(words.length);
    for (const text of words) expect(text).toMatch(/^[A-Z].*[.…]$/);
  });
});

// @vitest-environment happy-dom
// The idle screen main writes into the display's HTML stays, with nothing of the page drawn
// over it, until main's first view; the commit that draws that view removes it.
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DisplayEventName } from '../../../../shared/ipc/contract';
import { DisplayPage } from '../../../../renderer/display/display-page';
import { FakeEventApi } from '../common/fake-event-api';
import { renderWithTheme } from '../common/render-with-theme';
import { customerView, scanView } from './customer-views';

afterEach(() => {
  cleanup();
  document.getElementById('start-screen')?.remove();
});

/** The page's HTML as main serves it: its start screen filled in, or the empty slot. */
function writeStartScreen(inner: string): HTMLElement {
  const slot = document.createElement('div');
  slot.id = 'start-screen';
  slot.innerHTML = inner;
  document.body.prepend(slot);
  return slot;
}

function showPage() {
  const api = new FakeEventApi<DisplayEventName>();
  renderWithTheme(<DisplayPage api={api} />);
  return api;
}

describe('customer display: the idle screen from main', () => {
  it('draws nothing over it until the first view, which replaces it', () => {
    const slot = writeStartScreen(
      '<main class="cd-root"><section class="cd-center"><h1 class="cd-title">Corner Café</h1></section></main>',
    );
    const api = showPage();
    expect(document.querySelector('main[data-phase]')).toBeNull();
    expect(slot.isConnected).toBe(true);
    act(() => api.emit('customer-view', customerView({ shopName: 'Corner Café' })));
    expect(slot.isConnected).toBe(false);
    expect(document.querySelector('main')?.getAttribute('data-phase')).toBe('idle');
    expect(screen.getByTestId('shop-name').textContent).toBe('Corner Café');
  });

  it('gives way to a sale when the first view is not the idle screen', () => {
    const slot = writeStartScreen('<main class="cd-root"><h1 class="cd-title">Welcome</h1></main>');
    const api = showPage();
    act(() => api.emit('customer-view', scanView()));
    expect(slot.isConnected).toBe(false);
    expect(document.querySelector('main')?.getAttribute('data-phase')).toBe('scan');
  });

  it('waits neutrally on its own when main wrote nothing in (the dev server)', () => {
    writeStartScreen('');
    showPage();
    expect(document.querySelector('main')?.getAttribute('data-phase')).toBe('waiting');
  });
});

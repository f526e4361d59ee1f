// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CashierApp } from '../../../../renderer/cashier/shell/cashier-app';
import { renderWithTheme } from '../common/render-with-theme';
import { appInfo, cashierSettings } from './cashier-fixtures';
import { installFakePos, type FakePos } from './fake-pos';
import { ana, ben, signedInAs, staffSession } from './staff-fixtures';

const info = appInfo();

let pos: FakePos;
beforeEach(() => {
  pos = installFakePos();
  pos.handle('appInfo', () => info);
  pos.handle('listChains', () => []);
  pos.emit('settings-changed', cashierSettings());
});
afterEach(() => cleanup());

async function showApp() {
  renderWithTheme(<CashierApp />);
  await screen.findByTestId('demo-badge');
}

describe('the cashier window with staff PINs', () => {
  it('shows the sign-in instead of the screens while nobody is signed in', async () => {
    pos.handle('staffSession', () => staffSession());
    await showApp();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Who is at the till?');
    expect(screen.queryByTestId('nav-settings')).toBeNull();
    expect(screen.queryByTestId('signed-in-person')).toBeNull();
  });

  it('shows the first-manager step while the till has no manager', async () => {
    pos.handle('staffSession', () => staffSession({ staff: [], needsFirstManager: true }));
    await showApp();
    expect(screen.getByTestId('first-manager-screen')).toBeTruthy();
    expect(screen.queryByTestId('nav-sale')).toBeNull();
  });

  it('names who is signed in, and Switch signs out back to the sign-in', async () => {
    pos.handle('staffSession', () => staffSession({ signedIn: signedInAs(ben) }));
    pos.handle('signOut', () => staffSession());
    await showApp();
    const person = await screen.findByTestId('signed-in-person');
    expect(person.textContent).toContain('Ben');
    expect(person.textContent).toContain('Cashier');
    expect(screen.getByTestId('nav-sale')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('switch-person')));
    await screen.findByTestId('sign-in-screen');
    expect(pos.callsOf('signOut')).toEqual([{}]);
    expect(screen.queryByTestId('signed-in-person')).toBeNull();
  });

  it("follows main's staff-session event (another sign-in, the auto-lock)", async () => {
    pos.handle('staffSession', () => staffSession({ signedIn: signedInAs(ana) }));
    await showApp();
    await screen.findByTestId('signed-in-person');
    await act(async () => pos.emit('staff-session', staffSession()));
    await screen.findByTestId('sign-in-screen');
  });

  it('runs as before with PINs off or on a till without staff sessions', async () => {
    pos.handle('staffSession', () => staffSession({ pinsRequired: false }));
    await showApp();
    await waitFor(() => expect(screen.getByTestId('nav-sale')).toBeTruthy());
    expect(screen.queryByTestId('sign-in-screen')).toBeNull();
    expect(screen.queryByTestId('signed-in-person')).toBeNull();
    cleanup();
    pos.fail('staffSession', 'unknown-call', 'The till does not offer that.');
    await showApp();
    expect(screen.getByTestId('nav-sale')).toBeTruthy();
  });
});

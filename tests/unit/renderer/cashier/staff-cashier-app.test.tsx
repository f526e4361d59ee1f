// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CashierApp } from '../../../../renderer/cashier/shell/cashier-app';
import { renderWithTheme } from '../common/render-with-theme';
import { appInfo, cashierSettings } from './cashier-fixtures';
import { installFakePos, type FakePos } from './fake-pos';
import { STAFF_SESSION_RETRY_MS } from '../../../../renderer/cashier/staff/use-staff-session';
import { ana, ben, refused, signedInAs, staffSession } from './staff-fixtures';

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

  it('never puts the first-manager step over the screens of someone signed in', async () => {
    pos.handle('staffSession', () =>
      staffSession({ staff: [ben], signedIn: signedInAs(ben), needsFirstManager: true }),
    );
    await showApp();
    await screen.findByTestId('signed-in-person');
    expect(screen.queryByTestId('first-manager-screen')).toBeNull();
    expect(screen.getByTestId('nav-sale')).toBeTruthy();
  });

  it('says at the sign-in, where the first-manager step was, that only IT adds a manager now', async () => {
    pos.handle('staffSession', () => staffSession({ staff: [ben], noManager: true }));
    await showApp();
    expect(screen.queryByTestId('first-manager-screen')).toBeNull();
    expect(screen.getByTestId('sign-in-screen')).toBeTruthy();
    expect(screen.getByTestId('no-manager').textContent).toBe(
      "No manager on this tillNobody on the staff list is a manager now. Only IT can add one, in the till's policy: ask IT. Until then, staff sign in and sell as before.",
    );
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

  it('runs as before with PINs off', async () => {
    pos.handle('staffSession', () => staffSession({ pinsRequired: false }));
    await showApp();
    await waitFor(() => expect(screen.getByTestId('nav-sale')).toBeTruthy());
    expect(screen.queryByTestId('sign-in-screen')).toBeNull();
    expect(screen.queryByTestId('signed-in-person')).toBeNull();
  });

  it('opens no screen while who is at the till is unknown: a failed ask is said, and asked again', async () => {
    let asked = 0;
    pos.answer('staffSession', () =>
      asked++ === 0
        ? refused('internal', 'Something went wrong in the till.')
        : { ok: true, value: staffSession({ signedIn: signedInAs(ben) }) },
    );
    renderWithTheme(<CashierApp />);
    const said = await screen.findByTestId('error-message');
    expect(said.textContent).toContain('Something went wrong in the till.');
    // Not "no staff sessions: may do everything": no screen, no Settings, nothing to change.
    expect(screen.queryByTestId('nav-settings')).toBeNull();
    expect(screen.queryByTestId('nav-sale')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('error-retry')));
    const person = await screen.findByTestId('signed-in-person');
    expect(person.textContent).toContain('Ben');
    expect(screen.queryByTestId('error-message')).toBeNull();
  });

  it('asks again by itself after a failed ask', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let asked = 0;
      pos.answer('staffSession', () =>
        asked++ < 2
          ? refused('unknown-call', 'The page asked for something the till does not offer.')
          : { ok: true, value: staffSession({ pinsRequired: false }) },
      );
      renderWithTheme(<CashierApp />);
      await act(async () => vi.advanceTimersByTimeAsync(0));
      expect(screen.getByTestId('error-message')).toBeTruthy();
      expect(screen.queryByTestId('nav-sale')).toBeNull();
      await act(async () => vi.advanceTimersByTimeAsync(STAFF_SESSION_RETRY_MS));
      expect(pos.callsOf('staffSession')).toHaveLength(2);
      expect(screen.queryByTestId('nav-sale')).toBeNull();
      await act(async () => vi.advanceTimersByTimeAsync(STAFF_SESSION_RETRY_MS));
      expect(pos.callsOf('staffSession')).toHaveLength(3);
      expect(screen.getByTestId('nav-sale')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});

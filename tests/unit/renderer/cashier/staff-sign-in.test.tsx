// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FirstManagerScreen } from '../../../../renderer/cashier/staff/first-manager-screen';
import { SignInScreen } from '../../../../renderer/cashier/staff/sign-in-screen';
import { renderWithTheme } from '../common/render-with-theme';
import { installFakePos, type FakePos } from './fake-pos';
import { ana, ben, refused, signedInAs, staffSession } from './staff-fixtures';

let pos: FakePos;
beforeEach(() => {
  pos = installFakePos();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const tapPin = (pin: string) => {
  for (const digit of pin) fireEvent.click(screen.getByTestId(`pin-key-${digit}`));
  fireEvent.click(screen.getByTestId('pin-ok'));
};
const padKeys = () => [
  ...screen.getAllByRole('button').filter((button) => button.dataset.testid?.startsWith('pin-')),
];

function showSignIn() {
  const onSession = vi.fn();
  renderWithTheme(<SignInScreen session={staffSession()} onSession={onSession} />);
  return onSession;
}

describe('SignInScreen', () => {
  it('asks who is at the till, with each name and role, and the PIN pad after a tap', () => {
    showSignIn();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Who is at the till?');
    expect(screen.getByTestId('staff-tile-c-ben').textContent).toBe('BenCashier');
    expect(screen.getByTestId('staff-tile-m-ana').textContent).toBe('AnaManager');
    expect(screen.queryByTestId('pin-pad')).toBeNull();
    fireEvent.click(screen.getByTestId('staff-tile-c-ben'));
    expect(screen.getByTestId('staff-tile-c-ben').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('pin-for').textContent).toBe('PIN for Ben');
  });

  it("signs in with the person's PIN and hands over main's session", async () => {
    const after = staffSession({ signedIn: signedInAs(ben) });
    pos.handle('signIn', () => after);
    const onSession = showSignIn();
    fireEvent.click(screen.getByTestId('staff-tile-c-ben'));
    tapPin('4711');
    await waitFor(() => expect(onSession).toHaveBeenCalledWith(after));
    expect(pos.callsOf('signIn')).toEqual([{ staffId: 'c-ben', pin: '4711' }]);
  });

  it('says the PIN was wrong, clears it, and lets the person try again', async () => {
    pos.answer('signIn', () => refused('wrong-pin', 'That PIN is not right. Try again.'));
    const onSession = showSignIn();
    fireEvent.click(screen.getByTestId('staff-tile-m-ana'));
    tapPin('1111');
    const problem = await screen.findByTestId('pin-problem');
    expect(problem.textContent).toContain('Wrong PIN');
    expect(problem.textContent).toContain('That PIN is not right. Try again.');
    expect(screen.getByTestId('pin-dots').dataset.length).toBe('0');
    expect((screen.getByTestId('pin-key-1') as HTMLButtonElement).disabled).toBe(false);
    expect(onSession).not.toHaveBeenCalled();
    // Another name: the message was about Ana, it goes.
    fireEvent.click(screen.getByTestId('staff-tile-c-ben'));
    expect(screen.queryByTestId('pin-problem')).toBeNull();
  });

  it('says until when a locked person waits, counts down, and keeps the pad off until then', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date(2026, 2, 2, 14, 34, 50));
    const lockedUntilMs = Date.now() + 30_000;
    pos.answer('signIn', () =>
      refused('locked', 'Too many wrong PINs. Try again in 30 seconds.', { lockedUntilMs }),
    );
    showSignIn();
    fireEvent.click(screen.getByTestId('staff-tile-c-ben'));
    tapPin('2222');
    const until = new Date(lockedUntilMs).toLocaleTimeString([], {
      hour: '2-digit',
      minute: '2-digit',
    });
    await waitFor(() =>
      expect(screen.getByTestId('lock-countdown').textContent).toBe(
        `Try again at ${until} (in 00:30).`,
      ),
    );
    expect(padKeys().every((key) => (key as HTMLButtonElement).disabled)).toBe(true);
    await act(async () => vi.advanceTimersByTime(12_000));
    expect(screen.getByTestId('lock-countdown').textContent).toBe(
      `Try again at ${until} (in 00:18).`,
    );
    // Back to Ben after looking at someone else: still locked.
    fireEvent.click(screen.getByTestId('staff-tile-m-ana'));
    expect(screen.queryByTestId('lock-countdown')).toBeNull();
    fireEvent.click(screen.getByTestId('staff-tile-c-ben'));
    expect(screen.getByTestId('lock-countdown').textContent).toContain('(in 00:18)');
    await act(async () => vi.advanceTimersByTime(18_000));
    expect(screen.queryByTestId('pin-problem')).toBeNull();
    expect((screen.getByTestId('pin-key-1') as HTMLButtonElement).disabled).toBe(false);
  });

  it('takes the only person on the list without a tap', () => {
    renderWithTheme(
      <SignInScreen session={staffSession({ staff: [ana] })} onSession={() => undefined} />,
    );
    expect(screen.getByTestId('pin-for').textContent).toBe('PIN for Ana');
  });
});

describe('FirstManagerScreen', () => {
  const type = (testId: string, value: string) =>
    fireEvent.change(screen.getByTestId(testId), { target: { value } });
  const create = () => screen.getByTestId('first-manager-create') as HTMLButtonElement;

  it('creates the first manager from a name and the same PIN twice', async () => {
    const after = staffSession({ staff: [ana], signedIn: signedInAs(ana) });
    pos.handle('createFirstManager', () => after);
    const onSession = vi.fn();
    renderWithTheme(<FirstManagerScreen onSession={onSession} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Set up the first manager');
    type('first-manager-name', '  Ana ');
    type('first-manager-pin', '2468');
    expect(create().disabled).toBe(true);
    type('first-manager-pin-again', '2469');
    expect(screen.getByText('The two PINs are not the same.')).toBeTruthy();
    expect(create().disabled).toBe(true);
    type('first-manager-pin-again', '2468');
    expect(create().disabled).toBe(false);
    fireEvent.click(create());
    await waitFor(() => expect(onSession).toHaveBeenCalledWith(after));
    expect(pos.callsOf('createFirstManager')).toEqual([{ name: 'Ana', pin: '2468' }]);
  });

  it('refuses a PIN shorter than 4 digits and keeps only digits', () => {
    renderWithTheme(<FirstManagerScreen onSession={() => undefined} />);
    type('first-manager-name', 'Ana');
    type('first-manager-pin', '12a');
    expect((screen.getByTestId('first-manager-pin') as HTMLInputElement).value).toBe('12');
    expect(screen.getByText('A PIN is 4 to 8 digits.')).toBeTruthy();
    type('first-manager-pin-again', '12');
    expect(create().disabled).toBe(true);
  });
});

// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StaffPanel } from '../../../../renderer/cashier/settings/staff-panel';
import { useStaffSession } from '../../../../renderer/cashier/staff/use-staff-session';
import { renderWithTheme } from '../common/render-with-theme';
import { cashierSettings } from './cashier-fixtures';
import { installFakePos, type FakePos } from './fake-pos';
import { ana, ben, ida, signedInAs, staffSession } from './staff-fixtures';

let pos: FakePos;
beforeEach(() => {
  pos = installFakePos();
  pos.handle('staffSession', () => staffSession({ signedIn: signedInAs(ana) }));
});
afterEach(() => cleanup());

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

/** The panel as the Settings screen shows it, with the session the till's shell keeps. */
function Panel() {
  const { session, setSession } = useStaffSession();
  return (
    <StaffPanel
      settings={cashierSettings()}
      session={session}
      onSession={setSession}
      onChanged={() => undefined}
    />
  );
}

async function showPanel() {
  renderWithTheme(<Panel />);
  return screen.findByTestId('staff-list');
}

describe('StaffPanel', () => {
  it("lists everyone with their role, marks IT's managers and offers them no changes", async () => {
    const list = await showPanel();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Staff');
    const row = (id: string) => within(list).getByTestId(`staff-row-${id}`);
    expect(row(ben.staffId).textContent).toContain('Cashier');
    expect(row(ana.staffId).textContent).toContain('(signed in)');
    expect(within(row(ida.staffId)).getByTestId(`staff-it-${ida.staffId}`).textContent).toBe('IT');
    expect(within(row(ida.staffId)).queryByRole('button')).toBeNull();
    expect(within(row(ben.staffId)).queryByTestId(`staff-it-${ben.staffId}`)).toBeNull();
    expect(within(row(ben.staffId)).getAllByRole('button')).toHaveLength(2);
  });

  it('adds a person with a role and the same PIN twice, then empties the form', async () => {
    const cleo = { staffId: 'm-cleo', name: 'Cleo', role: 'manager', source: 'local' } as const;
    pos.handle('addStaff', () =>
      staffSession({ signedIn: signedInAs(ana), staff: [ana, ben, cleo, ida] }),
    );
    await showPanel();
    const add = screen.getByTestId('add-staff-save') as HTMLButtonElement;
    type('add-staff-name', 'Cleo');
    fireEvent.click(screen.getByTestId('add-staff-role-manager'));
    type('add-staff-pin', '13579');
    expect(add.disabled).toBe(true);
    type('add-staff-pin-again', '13579');
    fireEvent.click(add);
    await waitFor(() => expect(screen.getByTestId('staff-row-m-cleo')).toBeTruthy());
    expect(pos.callsOf('addStaff')).toEqual([{ name: 'Cleo', role: 'manager', pin: '13579' }]);
    expect(screen.getByTestId('staff-added').textContent).toBe('Cleo can now sign in.');
    expect((screen.getByTestId('add-staff-name') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('add-staff-pin') as HTMLInputElement).value).toBe('');
  });

  it('removes a person only after the confirm', async () => {
    pos.handle('removeStaff', () => staffSession({ signedIn: signedInAs(ana), staff: [ana, ida] }));
    await showPanel();
    fireEvent.click(screen.getByTestId(`staff-remove-${ben.staffId}`));
    expect(pos.callsOf('removeStaff')).toEqual([]);
    const confirm = screen.getByTestId('staff-remove-confirm');
    expect(confirm.textContent).toBe('Remove Ben');
    await act(async () => fireEvent.click(confirm));
    await waitFor(() => expect(screen.queryByTestId(`staff-row-${ben.staffId}`)).toBeNull());
    expect(pos.callsOf('removeStaff')).toEqual([{ staffId: ben.staffId }]);
    expect(screen.queryByTestId('staff-remove-form')).toBeNull();
  });

  it("keeps the list when 'Keep' is pressed", async () => {
    await showPanel();
    fireEvent.click(screen.getByTestId(`staff-remove-${ben.staffId}`));
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(screen.queryByTestId('staff-remove-form')).toBeNull();
    expect(pos.callsOf('removeStaff')).toEqual([]);
  });

  it('gives a person a new PIN typed twice', async () => {
    pos.handle('resetStaffPin', () => staffSession({ signedIn: signedInAs(ana) }));
    await showPanel();
    fireEvent.click(screen.getByTestId(`staff-new-pin-${ben.staffId}`));
    const confirm = screen.getByTestId('staff-new-pin-confirm') as HTMLButtonElement;
    type('staff-new-pin', '9090');
    type('staff-new-pin-again', '9091');
    expect(confirm.disabled).toBe(true);
    type('staff-new-pin-again', '9090');
    await act(async () => fireEvent.click(confirm));
    await waitFor(() => expect(screen.queryByTestId('staff-new-pin-form')).toBeNull());
    expect(pos.callsOf('resetStaffPin')).toEqual([{ staffId: ben.staffId, pin: '9090' }]);
  });

  it("shows main's refusal and keeps the form", async () => {
    pos.fail('removeStaff', 'not-allowed', 'The last manager cannot be removed.');
    await showPanel();
    fireEvent.click(screen.getByTestId(`staff-remove-${ana.staffId}`));
    await act(async () => fireEvent.click(screen.getByTestId('staff-remove-confirm')));
    expect((await screen.findByTestId('error-message')).textContent).toContain(
      'The last manager cannot be removed.',
    );
    expect(screen.getByTestId('staff-remove-form')).toBeTruthy();
  });

  it('shows nothing on a till that offers no staff list', async () => {
    pos.handle('staffSession', () => null);
    renderWithTheme(<Panel />);
    await waitFor(() => expect(pos.callsOf('staffSession')).toHaveLength(1));
    await act(async () => undefined);
    expect(screen.queryByTestId('staff-panel')).toBeNull();
  });
});

// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CallResult } from '../../../../shared/ipc/contract-kit';
import { callPos } from '../../../../renderer/cashier/shell/pos';
import { ManagerApprovalHost } from '../../../../renderer/cashier/staff/manager-approval-host';
import { renderWithTheme } from '../common/render-with-theme';
import { cashierSettings } from './cashier-fixtures';
import { installFakePos, type FakePos } from './fake-pos';
import { ben, refused, signedInAs, staffSession } from './staff-fixtures';

let pos: FakePos;
beforeEach(() => {
  pos = installFakePos();
});
afterEach(() => cleanup());

const needsManager = refused(
  'needs-manager',
  'This needs a manager. Ask a manager for their PIN.',
  {
    action: 'settings:shop',
  },
);
const saved = cashierSettings({ shopName: 'Corner Café' });

/** updateSettings needs a manager until one approved (once), then saves. */
function settingsGuardedOnce() {
  let approvals = 0;
  pos.answer('approveAction', (args) => {
    const { pin } = args as { pin: string };
    if (pin !== '8642') return refused('wrong-pin', 'That PIN is not right. Try again.');
    approvals += 1;
    return { ok: true, value: null };
  });
  pos.answer('updateSettings', () => {
    if (approvals === 0) return needsManager;
    approvals -= 1;
    return { ok: true, value: saved };
  });
}

function showHost() {
  renderWithTheme(<ManagerApprovalHost session={staffSession({ signedIn: signedInAs(ben) })} />);
}

const save = () => callPos('updateSettings', { patch: { shopName: 'Corner Café' } });
const dialog = () => screen.findByTestId('manager-approval');
const tapPin = (pin: string) => {
  for (const digit of pin) fireEvent.click(screen.getByTestId(`pin-key-${digit}`));
  fireEvent.click(screen.getByTestId('pin-ok'));
};

describe('a call that needs a manager', () => {
  it("asks for a manager's PIN in place, then makes the call once more and returns its answer", async () => {
    settingsGuardedOnce();
    showHost();
    const answer = save();
    const shown = await dialog();
    expect(shown.textContent).toContain('Changing the settings needs a manager');
    // Only the managers (Ana, and Ida from IT), never Ben the cashier.
    expect(within(shown).queryByTestId('manager-tile-c-ben')).toBeNull();
    fireEvent.click(within(shown).getByTestId('manager-tile-m-ida'));
    tapPin('8642');
    await expect(answer).resolves.toEqual({ ok: true, value: saved });
    // The manager approves this very act: the call and the arguments the page is about to send.
    expect(pos.callsOf('approveAction')).toEqual([
      {
        managerId: 'm-ida',
        pin: '8642',
        call: 'updateSettings',
        args: { patch: { shopName: 'Corner Café' } },
      },
    ]);
    expect(pos.callsOf('updateSettings')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByTestId('manager-approval')).toBeNull());
  });

  it('says a wrong manager PIN is wrong and waits for the right one', async () => {
    settingsGuardedOnce();
    showHost();
    const answer = save();
    fireEvent.click(within(await dialog()).getByTestId('manager-tile-m-ana'));
    tapPin('1111');
    expect((await screen.findByTestId('pin-problem')).textContent).toContain('Wrong PIN');
    expect(pos.callsOf('updateSettings')).toHaveLength(1);
    tapPin('8642');
    await expect(answer).resolves.toEqual({ ok: true, value: saved });
  });

  it('gives the screen the first refusal back when the cashier cancels', async () => {
    settingsGuardedOnce();
    showHost();
    const answer = save();
    fireEvent.click(within(await dialog()).getByTestId('approval-cancel'));
    await expect(answer).resolves.toEqual(needsManager);
    expect(pos.callsOf('updateSettings')).toHaveLength(1);
    expect(pos.callsOf('approveAction')).toEqual([]);
  });

  it('tries again only once: a second refusal goes to the screen, with no second dialog', async () => {
    pos.handle('approveAction', () => null);
    pos.answer('updateSettings', () => needsManager);
    showHost();
    const answer = save();
    fireEvent.click(within(await dialog()).getByTestId('manager-tile-m-ana'));
    tapPin('8642');
    let result: CallResult<unknown> | undefined;
    await act(async () => {
      result = await answer;
    });
    expect(result).toEqual(needsManager);
    expect(pos.callsOf('updateSettings')).toHaveLength(2);
    expect(screen.queryByTestId('manager-approval')).toBeNull();
  });

  it('returns the refusal at once when no dialog is mounted, or it names no action', async () => {
    pos.answer('updateSettings', () => needsManager);
    await expect(save()).resolves.toEqual(needsManager);
    showHost();
    const unnamed = refused('needs-manager', 'This needs a manager.');
    pos.answer('exportDiagnostics', () => unnamed);
    await expect(callPos('exportDiagnostics', {})).resolves.toEqual(unnamed);
    expect(screen.queryByTestId('manager-approval')).toBeNull();
  });

  it('offers only those main names as able to approve, one of them picked at once', async () => {
    settingsGuardedOnce();
    pos.answer('updateSettings', () => ({
      ok: false,
      error: {
        kind: 'needs-manager',
        message: 'This needs a manager. Ask a manager for their PIN.',
        detail: { action: 'settings:shop', permissions: ['settings:shop'], approvers: ['m-ana'] },
      },
    }));
    showHost();
    void save();
    const shown = await dialog();
    expect(within(shown).queryByTestId('manager-tile-m-ida')).toBeNull();
    expect(within(shown).queryByTestId('manager-tile-m-ana')).toBeNull();
    expect(screen.getByTestId('pin-for').textContent).toBe('PIN for Ana');
    tapPin('8642');
    await waitFor(() => expect(pos.callsOf('approveAction')).toHaveLength(1));
    expect(pos.callsOf('approveAction')[0]).toMatchObject({ managerId: 'm-ana' });
  });

  it('lets other failures through untouched', async () => {
    const problem = refused('settings-invalid', 'The shop name is too long.');
    pos.answer('updateSettings', () => problem);
    showHost();
    await expect(save()).resolves.toEqual(problem);
    expect(screen.queryByTestId('manager-approval')).toBeNull();
  });
});

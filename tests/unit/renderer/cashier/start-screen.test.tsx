// @vitest-environment happy-dom
// The cashier page's start screen (renderer/cashier/index.html): what is typed into its amount
// field while the till's code loads becomes the first sale's amount, and the first screen
// drawn replaces it in the same commit, whatever that screen is.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffSession } from '../../../../shared/staff';
import { renderWithTheme } from '../common/render-with-theme';
import { appInfo, cashierSettings } from './cashier-fixtures';
import { installFakePos, type FakePos } from './fake-pos';
import { loadCashierPage } from './load-cashier-page';

const pageHtml = readFileSync(
  join(import.meta.dirname, '../../../../renderer/cashier/index.html'),
  'utf8',
);

/** The start screen as index.html has it, in this document's body. */
function insertStartScreen(): HTMLInputElement {
  const body = /<body>([\s\S]*)<\/body>/.exec(pageHtml)?.[1] ?? '';
  document.body.innerHTML = body.replace(/<script[\s\S]*?<\/script>/g, '');
  const field = document.getElementById('start-amount-field');
  if (!(field instanceof HTMLInputElement)) throw new Error('index.html has no start field');
  return field;
}

const startScreen = () => document.getElementById('start-screen');

let pos: FakePos;
beforeEach(() => {
  vi.resetModules();
  pos = installFakePos();
  pos.handle('appInfo', () => appInfo());
  pos.handle('staffSession', () => null);
  pos.emit('settings-changed', cashierSettings({ amountEntry: 'money' }));
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('the cashier start screen', () => {
  it('hands the keys typed into it to the sale screen, where the cashier goes on typing', async () => {
    const field = insertStartScreen();
    field.focus();
    field.value = '12.5';
    await loadCashierPage();
    const amount = screen.getByTestId<HTMLInputElement>('amount-input');
    expect(amount.value).toBe('12.5');
    expect(document.activeElement).toBe(amount);
    expect(startScreen()).toBeNull();
  });

  it('keeps the start screen while main has not answered, and removes it with the first screen', async () => {
    insertStartScreen();
    let answer: (value: ReturnType<typeof appInfo>) => void = () => {};
    pos.handle('appInfo', () => new Promise((resolve) => (answer = resolve)));
    const { startFirstCalls } = await import('../../../../renderer/cashier/shell/first-calls');
    const { CashierApp } = await import('../../../../renderer/cashier/shell/cashier-app');
    startFirstCalls();
    renderWithTheme(<CashierApp />);
    await act(async () => {});
    expect(startScreen()).not.toBeNull();
    expect(screen.queryByTestId('amount-input')).toBeNull();
    await act(async () => answer(appInfo()));
    await screen.findByTestId('amount-input');
    expect(startScreen()).toBeNull();
  });

  it('gives way to the sign-in when staff PINs are on; its keys start no amount', async () => {
    const session: StaffSession = {
      pinsRequired: true,
      signedIn: null,
      needsFirstManager: false,
      staff: [{ staffId: 's-ann', name: 'Ann', role: 'cashier', source: 'local' }],
      permissions: [],
    };
    pos.handle('staffSession', () => session);
    insertStartScreen().value = '40';
    await loadCashierPage();
    await screen.findByTestId('sign-in-screen');
    expect(startScreen()).toBeNull();
    expect(screen.queryByTestId('amount-input')).toBeNull();
  });

  it('gives way to what went wrong when main cannot answer', async () => {
    pos.fail('appInfo', 'internal', 'The till could not read its settings.');
    insertStartScreen();
    await loadCashierPage();
    await screen.findByTestId('error-message');
    expect(startScreen()).toBeNull();
  });

  it('says what to do, and takes no more keys, when the till code cannot load', async () => {
    const field = insertStartScreen();
    const { showStartFailure } = await import('../../../../renderer/cashier/start-screen');
    showStartFailure();
    expect(field.disabled).toBe(true);
    expect(document.getElementById('start-amount-field')).toBeNull();
    expect(screen.getByRole('alert').textContent).toMatch(/Restart Counter.*call IT/);
  });
});

import { renderWithTheme } from '../common/render-with-theme';

/**
 * What cashier-page.tsx does, from modules loaded afresh (the test resets them first, as
 * first-calls.ts keeps what it started): start the first calls, render once they are answered
 * or their 200 ms are over.
 */
export async function loadCashierPage(): Promise<void> {
  const firstCalls = await import('../../../../renderer/cashier/shell/first-calls');
  const { CashierApp } = await import('../../../../renderer/cashier/shell/cashier-app');
  firstCalls.startFirstCalls();
  await firstCalls.firstAnswersOrAfter(200);
  renderWithTheme(<CashierApp />);
}

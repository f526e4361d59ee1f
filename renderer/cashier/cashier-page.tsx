// The till's page, loaded by main.tsx once the start screen is painted. Before anything
// else: Mantine's rules come first, ours after them.
import './mantine-styles';
import { mountPage } from '../common/mount-page';
import './cashier.css';
import { cashierTheme } from './cashier-theme';
import { reportUncaughtPageErrors } from './page-error-reporting';
import { AfterFirstAnswers } from './shell/after-first-answers';
import { CashierApp } from './shell/cashier-app';
import { firstAnswersOrAfter, startFirstCalls } from './shell/first-calls';

/**
 * How long the page waits for its first answers before it draws its shell: answered (a few
 * ms, once main is up), the first screen drawn is the sale screen itself, not a spinner
 * painted just before it; not answered by then (main still starting), the shell starts and
 * the start screen (index.html) stays until they are.
 */
const FIRST_ANSWERS_WAIT_MS = 200;

reportUncaughtPageErrors();
// Before React renders: the first screen's calls are on their way at once.
startFirstCalls();
mountPage(
  <AfterFirstAnswers answered={firstAnswersOrAfter(FIRST_ANSWERS_WAIT_MS)}>
    <CashierApp />
  </AfterFirstAnswers>,
  cashierTheme,
);

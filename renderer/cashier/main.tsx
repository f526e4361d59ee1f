// Before anything else: Mantine's rules come first, ours after them.
import './mantine-styles';
import { mountPage } from '../common/mount-page';
import './cashier.css';
import { reportUncaughtPageErrors } from './page-error-reporting';
import { CashierApp } from './shell/cashier-app';
import { startFirstCalls } from './shell/first-calls';

reportUncaughtPageErrors();
// Before React renders: the first screen's calls are on their way while it does.
startFirstCalls();
mountPage(<CashierApp />);

import { mountPage } from '../common/mount-page';
import './cashier.css';
import { reportUncaughtPageErrors } from './page-error-reporting';
import { CashierApp } from './shell/cashier-app';

reportUncaughtPageErrors();
mountPage(<CashierApp />);

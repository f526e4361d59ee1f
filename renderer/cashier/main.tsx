import { mountPage } from '../common/mount-page';
import './cashier.css';
import { CashierApp } from './shell/cashier-app';

mountPage(<CashierApp />);

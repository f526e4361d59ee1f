// The display's code, loaded by main.tsx once the page's HTML (the shop's idle screen, which
// main writes in) is painted.
import { displayApi } from '../common/bridge';
import { mountPage } from '../common/mount-page';
import { DisplayPage } from './display-page';

mountPage(<DisplayPage api={displayApi()} />);

// Before anything else: Mantine's rules come first, ours after them.
import './mantine-styles';
import { displayApi } from '../common/bridge';
import { mountPage } from '../common/mount-page';
import { DisplayPage } from './display-page';

mountPage(<DisplayPage api={displayApi()} />);

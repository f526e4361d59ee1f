import { openOwnStoreFile, type StoreFileLocation } from './own-store-file';
import type { WindowStateSlot } from '../windows/window-state-keeper';

/**
 * The cashier window's last place in its own file ("window-state.json" in userData), apart
 * from the settings: it is not a setting, nobody manages it, and a bad value is just ignored.
 */
export function electronWindowStateSlot(location: StoreFileLocation = {}): WindowStateSlot {
  const store = openOwnStoreFile('window-state', location);
  const KEY = 'cashier';
  return {
    read: () => store.get(KEY),
    write: (state) => store.set(KEY, state),
  };
}

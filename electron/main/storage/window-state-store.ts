import Store from 'electron-store';
import type { WindowStateSlot } from '../windows/window-state-keeper';

/**
 * The cashier window's last place in its own file ("window-state.json" in userData), apart
 * from the settings: it is not a setting, nobody manages it, and a bad value is just ignored.
 */
export function electronWindowStateSlot(
  options: { name?: string; cwd?: string } = {},
): WindowStateSlot {
  const store = new Store<Record<string, unknown>>({
    name: options.name ?? 'window-state',
    ...(options.cwd ? { cwd: options.cwd } : {}),
    accessPropertiesByDotNotation: false,
    watch: false,
    clearInvalidConfig: true,
  });
  const KEY = 'cashier';
  return {
    read: () => store.get(KEY),
    write: (state) => store.set(KEY, state),
  };
}

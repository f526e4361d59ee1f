import type { CustomerDisplaySetting } from './settings';

/**
 * Where the customer display window goes: a pure function of the
 * display list and the setting, so every plug/unplug case is a table test.
 *
 * Rules:
 * - off            nothing.
 * - same-screen    a window (framed, not full screen) on the cashier's display: single-monitor tills.
 * - display        full screen on the display with that id. If that display is absent (unplugged,
 *                  or its id changed on replug, which Windows does), fall back to auto and say so.
 *                  If it is the cashier's own display, a window there instead (full screen would
 *                  cover the till), and say so.
 * - auto           full screen on the first display that is not the cashier's, in a stable order
 *                  (left to right, then top to bottom, then id), preferring external displays:
 *                  a laptop's built-in panel faces the cashier, not the customer.
 *                  When the cashier's display is the only one, show nothing (kind 'off', reason
 *                  'no-other-display'): a window nobody asked for would cover the till. The
 *                  cashier picks 'same-screen' for that.
 * - The cashier's display is the one with `cashierDisplayId`; when that id is not in the list
 *   (the monitor just went away and the OS is moving the window), the primary display is
 *   assumed, as the OS moves orphaned windows there; without a primary, the first in order.
 */

export interface DisplayBounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DisplayInfo {
  id: number;
  bounds: DisplayBounds;
  primary?: boolean;
  /** Built into the device (a laptop panel). */
  internal?: boolean;
  /** The OS's name for it, for the settings page. */
  label?: string;
}

type CustomerDisplayOffReason = 'setting-off' | 'no-displays' | 'no-other-display';

export type CustomerDisplayChoice =
  | { kind: 'off'; reason: CustomerDisplayOffReason; note?: string }
  | { kind: 'fullscreen'; displayId: number; bounds: DisplayBounds; note?: string }
  | { kind: 'window'; displayId: number; bounds: DisplayBounds; note?: string };

/** What the settings page is told: the displays, which one the cashier is on, and the outcome. */
export interface CustomerDisplaySnapshot {
  displays: DisplayInfo[];
  cashierDisplayId: number;
  choice: CustomerDisplayChoice;
}

export function chooseCustomerDisplay(
  displays: readonly DisplayInfo[],
  cashierDisplayId: number,
  setting: CustomerDisplaySetting,
): CustomerDisplayChoice {
  if (setting.mode === 'off') return { kind: 'off', reason: 'setting-off' };
  const usable = usableDisplays(displays);
  if (usable.length === 0)
    return { kind: 'off', reason: 'no-displays', note: 'No display is connected.' };
  const cashier =
    usable.find((display) => display.id === cashierDisplayId) ??
    usable.find((display) => display.primary) ??
    usable[0]!;

  if (setting.mode === 'same-screen') return windowOn(cashier);

  if (setting.mode === 'display' && setting.displayId !== undefined) {
    const chosen = usable.find((display) => display.id === setting.displayId);
    if (chosen && chosen.id === cashier.id) {
      return windowOn(
        cashier,
        "The chosen display is the cashier's own, so the customer display is a window there.",
      );
    }
    if (chosen) return { kind: 'fullscreen', displayId: chosen.id, bounds: { ...chosen.bounds } };
    const auto = autoChoice(usable, cashier);
    const missing = `The chosen display (id ${setting.displayId}) is not connected`;
    return auto.kind === 'off'
      ? { ...auto, note: `${missing}, and there is no other display than the cashier's.` }
      : { ...auto, note: `${missing}: using the first other display instead.` };
  }
  return autoChoice(usable, cashier);
}

function autoChoice(usable: readonly DisplayInfo[], cashier: DisplayInfo): CustomerDisplayChoice {
  const others = usable.filter((display) => display.id !== cashier.id);
  const chosen = others.find((display) => !display.internal) ?? others[0];
  if (!chosen) {
    return {
      kind: 'off',
      reason: 'no-other-display',
      note: 'Only the cashier\'s display is connected. Choose "same screen" to show the customer display in a window.',
    };
  }
  return { kind: 'fullscreen', displayId: chosen.id, bounds: { ...chosen.bounds } };
}

/** Displays with a real size, without duplicate ids, in the stable order (x, y, id). */
export function usableDisplays(displays: readonly DisplayInfo[]): DisplayInfo[] {
  const seen = new Set<number>();
  const usable: DisplayInfo[] = [];
  for (const display of displays) {
    const { bounds } = display;
    const finite = [bounds.x, bounds.y, bounds.width, bounds.height].every(Number.isFinite);
    if (!finite || bounds.width <= 0 || bounds.height <= 0 || seen.has(display.id)) continue;
    seen.add(display.id);
    usable.push(display);
  }
  return usable.sort((a, b) => a.bounds.x - b.bounds.x || a.bounds.y - b.bounds.y || a.id - b.id);
}

/** A window on the right of the display: 40 % wide, 60 % high, at least 480 x 360 where it fits. */
export function sameScreenWindowBounds(display: DisplayBounds): DisplayBounds {
  const width = Math.min(display.width, Math.max(480, Math.round(display.width * 0.4)));
  const height = Math.min(display.height, Math.max(360, Math.round(display.height * 0.6)));
  return {
    x: display.x + display.width - width,
    y: display.y + Math.round((display.height - height) / 2),
    width,
    height,
  };
}

function windowOn(display: DisplayInfo, note?: string): CustomerDisplayChoice {
  return {
    kind: 'window',
    displayId: display.id,
    bounds: sameScreenWindowBounds(display.bounds),
    ...(note ? { note } : {}),
  };
}

import { screen as electronScreen, type BrowserWindow } from 'electron';
import type { Clock } from '../../../shared/clock';
import type { Logger } from '../../logging/logger';
import type { WindowFactory } from './window-factory';
import { restoredPlacement, type Rect } from './window-placement';
import { keepWindowState, readWindowState, type WindowStateSlot } from './window-state-keeper';

const CASHIER_DEFAULT_SIZE = { width: 1280, height: 800 };

/** The part of Electron's `screen` the placement reads. */
interface CashierScreen {
  getAllDisplays(): { bounds: Rect }[];
  getPrimaryDisplay(): { workArea: Rect };
}

export interface CashierWindowOptions {
  factory: WindowFactory;
  slot: WindowStateSlot;
  clock: Clock;
  logger?: Logger;
  screen?: CashierScreen;
}

/**
 * Opens the cashier window where it last was (size and monitor), or centred on the primary
 * monitor when that place is on no connected monitor any more, and keeps its place saved.
 */
export function openCashierWindow(options: CashierWindowOptions): BrowserWindow {
  const screen = options.screen ?? electronScreen;
  const placement = restoredPlacement(
    readWindowState(options.slot),
    screen.getAllDisplays(),
    screen.getPrimaryDisplay().workArea,
    CASHIER_DEFAULT_SIZE,
  );
  const window = options.factory.open('cashier', {
    ...placement.bounds,
    minWidth: 900,
    minHeight: 640,
    title: 'Counter',
  });
  if (placement.maximized) window.maximize();
  keepWindowState(window, {
    slot: options.slot,
    clock: options.clock,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  return window;
}

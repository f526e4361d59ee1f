import { app as electronApp } from 'electron';
import type { Clock } from '../../../shared/clock';
import { silentLogger, type Logger } from '../../logging/logger';

/** The part of Electron's `app` the quit sequence drives (tests pass the mocked one). */
interface QuitApp {
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  on(event: 'window-all-closed', listener: () => void): unknown;
  exit(code: number): void;
  releaseSingleInstanceLock(): void;
}

/** What quitting needs of the services: `AppServices` satisfies it. */
export interface QuitServices {
  sale: { current(): { terminal: boolean; reference: string } | null };
  /** Reader process, sale, journal (checkpoint and close), sandbox, in that order. */
  close(): Promise<void>;
}

/** A window whose own close we guard (the cashier window; BrowserWindow satisfies it). */
interface GuardedWindow {
  on(event: 'close', listener: (event: { preventDefault(): void }) => void): unknown;
  on(event: 'session-end', listener: () => void): unknown;
  isDestroyed(): boolean;
}

/** Electron's powerMonitor ('shutdown' on macOS and Linux; the event can delay the shutdown). */
interface ShutdownSource {
  on(event: 'shutdown', listener: (event?: { preventDefault(): void }) => void): unknown;
}

type QuitReason =
  /** The cashier asked (Cmd+Q, the window's close button, the menu): may be asked back. */
  | 'cashier'
  /** Nobody left to ask: no cashier window, or every window went away. */
  | 'no-window'
  /** Windows 'session-end', macOS/Linux powerMonitor 'shutdown': never ask, be quick. */
  | 'os-shutdown';

export interface QuitSequenceOptions {
  /** The services once built; undefined while starting or after a failed start. */
  services: () => QuitServices | undefined;
  /** Start-up (services built, or failed): a quit while starting waits for it to settle. */
  startup?: () => Promise<unknown>;
  /** The cashier window while it is open: only then can the cashier be asked. */
  cashierWindow: () => { isDestroyed(): boolean } | undefined;
  /**
   * Stops the customer display controller and destroys its windows. They are unclosable
   * by a customer (`closable: false` and a close guard), which would also cancel a quit.
   */
  closeDisplays: () => void;
  /** Asks the cashier whether to quit with this sale open; true: quit. */
  confirmQuitDuringSale: (sale: { reference: string }) => Promise<boolean>;
  clock: Clock;
  logger?: Logger;
  app?: QuitApp;
  /** How long closing may take before the process exits anyway. */
  budgetMs?: { cashier: number; osShutdown: number };
}

type QuitState = 'running' | 'asking' | 'closing' | 'exited';

export interface QuitSequence {
  state(): QuitState;
  /** True once closing has begun: from then on windows may close and nothing reopens. */
  isQuitting(): boolean;
  /** Starts quitting for `reason`; what `before-quit`, `window-all-closed` and the OS hooks call. */
  request(reason: QuitReason): void;
  /** Cashier window: its close button quits through the sequence, and `session-end` is heard. */
  guard(window: GuardedWindow): void;
  /** macOS and Linux announce a shutdown here (call after app 'ready'). */
  watchSystemShutdown(source: ShutdownSource): void;
}

/**
 * Windows kills an app a few seconds after `session-end`; macOS and Linux delay shutdown for
 * a short while only. The journal commits every change as it happens (nothing is lost if the
 * process is killed), so the budget bounds only the tidy close: checkpoint, reader, sandbox.
 */
const DEFAULT_BUDGET_MS = { cashier: 10_000, osShutdown: 4_000 };

/**
 * The one way the till ends (docs/architecture.md: Processes). Whatever starts it, it asks the
 * cashier only when a sale is open and someone is there to answer, destroys the customer
 * displays, closes the services in order within a time budget, releases the single-instance
 * lock and exits with 0 (1 if closing failed or ran out of time). The open sale is never
 * cancelled: it stays in the journal and comes back on the next start.
 */
export function installQuitSequence(options: QuitSequenceOptions): QuitSequence {
  const app = options.app ?? electronApp;
  const logger = options.logger ?? silentLogger;
  const budget = options.budgetMs ?? DEFAULT_BUDGET_MS;
  let state: QuitState = 'running';

  const openSale = () => {
    const sale = options.services()?.sale.current();
    return sale && !sale.terminal ? sale : undefined;
  };
  const cashierPresent = () => {
    const window = options.cashierWindow();
    return window !== undefined && !window.isDestroyed();
  };

  function request(reason: QuitReason): void {
    if (state === 'closing' || state === 'exited') return;
    const sale = openSale();
    if (reason !== 'cashier' || !sale || !cashierPresent()) {
      // An OS shutdown while the cashier is being asked wins: close now.
      close(reason);
      return;
    }
    if (state === 'asking') return;
    state = 'asking';
    options.confirmQuitDuringSale(sale).then(
      (quit) => {
        if (state !== 'asking') return;
        if (quit) {
          logger.info('quit: confirmed with a sale open', { reference: sale.reference });
          close(reason);
        } else {
          state = 'running';
          logger.info('quit: cancelled by the cashier, sale kept', { reference: sale.reference });
        }
      },
      (error: unknown) => {
        // No answer (the dialog failed): keep selling rather than quit under a sale.
        if (state === 'asking') state = 'running';
        logger.error('quit: could not ask the cashier', { error: String(error) });
      },
    );
  }

  function close(reason: QuitReason): void {
    state = 'closing';
    logger.info('quit: closing', { reason });
    try {
      options.closeDisplays();
    } catch (error) {
      logger.error('quit: customer displays did not close', { error: String(error) });
    }
    const budgetMs = reason === 'os-shutdown' ? budget.osShutdown : budget.cashier;
    let cancelDeadline = () => {};
    const deadline = new Promise<'timeout'>((resolve) => {
      cancelDeadline = options.clock.at(options.clock.now() + budgetMs, () => resolve('timeout'));
    });
    void Promise.race([closeServices(), deadline]).then((outcome) => {
      cancelDeadline();
      if (outcome !== 'closed') logger.error('quit: services did not close cleanly', { outcome });
      exit(outcome === 'closed' ? 0 : 1);
    });
  }

  async function closeServices(): Promise<'closed' | 'failed'> {
    try {
      await options.startup?.().catch(() => undefined);
      await options.services()?.close();
      return 'closed';
    } catch (error) {
      logger.error('quit: closing the services failed', { error: String(error) });
      return 'failed';
    }
  }

  function exit(code: number): void {
    if (state === 'exited') return;
    state = 'exited';
    // app.exit skips the lock's own clean-up on some platforms; a relaunch must get it.
    app.releaseSingleInstanceLock();
    app.exit(code);
  }

  app.on('before-quit', (event) => {
    if (state === 'exited') return;
    // Electron's own quit would close the windows and end the process without waiting for
    // the services; the sequence ends it itself once they are closed.
    event.preventDefault();
    request(cashierPresent() ? 'cashier' : 'no-window');
  });
  // Subscribing replaces Electron's default (quit at once) with the same closing sequence.
  app.on('window-all-closed', () => request('no-window'));

  return {
    state: () => state,
    isQuitting: () => state === 'closing' || state === 'exited',
    request,
    guard(window) {
      window.on('close', (event) => {
        if (state === 'closing' || state === 'exited') return;
        // The window stays until the cashier has decided: a kept sale keeps its till.
        event.preventDefault();
        request('cashier');
      });
      window.on('session-end', () => request('os-shutdown'));
    },
    watchSystemShutdown(source) {
      source.on('shutdown', (event) => {
        // Asks the OS for the short delay it grants; the sequence exits as soon as it is done.
        event?.preventDefault();
        request('os-shutdown');
      });
    },
  };
}

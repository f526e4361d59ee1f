/**
 * The only file that touches the PC/SC addon, `smartcard` (Node-API: one build loads in Node
 * and in Electron's utilityProcess). A session is what one running PC/SC service gives us: a
 * context to connect to cards with, a context of its own for status queries, and a
 * ReaderMonitor whose own thread and context report readers and cards. A session never
 * outlives its service: after pcscd stops or restarts every context answers "PC/SC service
 * not running" for good, so the runtime opens a new one.
 *
 * A hung service (pcscd stopped, deadlocked) blocks every PC/SC call until it answers again.
 * On the addon's worker thread that is a promise that waits, which deadlines can race; on the
 * reader process's own thread it is a frozen process. So once a session is open, the two calls
 * the addon only has as synchronous ones, listing readers and releasing a card, are made only
 * right after a status query answered on the worker thread: a service that hangs first leaves
 * them waiting in a promise, not the thread.
 */
import {
  Context,
  ReaderMonitor,
  SCARD_LEAVE_CARD,
  SCARD_PROTOCOL_T0,
  SCARD_PROTOCOL_T1,
  SCARD_SHARE_SHARED,
  SCARD_STATE_PRESENT,
  type ContextInterface,
  type MonitorEvent,
  type ReaderInterface,
  type ReaderMonitorInterface,
} from 'smartcard';

export type PcscEvent =
  /** `cardPresent`: a card was already on the reader when it was first seen. */
  | { type: 'reader-attached'; reader: string; cardPresent: boolean }
  | { type: 'reader-detached'; reader: string }
  | { type: 'card-inserted'; reader: string }
  | { type: 'card-removed'; reader: string }
  /** The monitor's wait for changes failed: the service is gone or broken. */
  | { type: 'error'; message: string };

export interface CardLink {
  transmit(apdu: Uint8Array, maxResponseBytes: number): Promise<Uint8Array>;
  /**
   * Releases the card handle, once PC/SC has answered a status query (never while it hangs: the
   * release itself is synchronous); never throws.
   */
  disconnect(): void;
}

export interface PcscSession {
  /**
   * Connects (shared, T=0 or T=1) to the card on the named reader. Stays pending while the
   * service hangs (the caller's deadline ends the wait), never blocking the thread.
   */
  connect(reader: string): Promise<CardLink>;
  /**
   * One status query on the monitor's own path (SCardGetStatusChange, no waiting), on the
   * addon's worker thread and a context of its own (so a card's APDU still running on the
   * card context, a slow phone's, never holds it up): resolves once PC/SC answered, rejects
   * when it answered with an error, and stays pending while the service hangs. A hung pcscd
   * (stopped, deadlocked) raises no monitor event at all: only a call that must answer shows it.
   */
  probe(): Promise<void>;
  /**
   * Stops the monitor and releases the context; no event is delivered afterwards. Blocks
   * while the monitor thread ends: at once when healthy, up to ~1 s after a PC/SC error (the
   * thread sleeps a second between failed waits). Never throws.
   */
  close(): void;
}

export type OpenPcscResult =
  { ok: true; session: PcscSession } | { ok: false; serviceMissing: boolean; message: string };

export type OpenPcsc = (onEvent: (event: PcscEvent) => void) => OpenPcscResult;

/**
 * SCARD_E_NO_SERVICE and SCARD_E_SERVICE_STOPPED as the addon words them (it throws plain
 * Errors carrying only the text). libpcsclite answers so at once when pcscd's socket is absent
 * or left stale by a killed pcscd; WinSCard when the Smart Card service is stopped.
 */
const SERVICE_MISSING_MESSAGES = ['PC/SC service not running', 'PC/SC service stopped'];

function isServiceMissing(message: string): boolean {
  return SERVICE_MISSING_MESSAGES.some((text) => message.includes(text));
}

export const openSmartcardPcsc: OpenPcsc = (onEvent) => {
  const contexts: ContextInterface[] = [];
  try {
    const context = new Context();
    contexts.push(context);
    const statusContext = new Context();
    contexts.push(statusContext);
    const monitor = new ReaderMonitor();
    let open = true;
    // Events cross from the monitor thread through a queue: some may land after close().
    monitor.start((event) => {
      if (open) onEvent(toPcscEvent(event));
    });
    const session = sessionOver(context, statusContext, monitor, () => (open = false));
    return { ok: true, session };
  } catch (error) {
    for (const context of contexts) safely(() => context.close());
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, serviceMissing: isServiceMissing(message), message };
  }
};

/**
 * PC/SC's pseudo-reader for reader arrivals: named explicitly, because waitForChange without
 * readers lists them first on the calling thread, which a hung service would block.
 */
const PNP_NOTIFICATION = '\\\\?PnP?\\Notification';

function sessionOver(
  context: ContextInterface,
  statusContext: ContextInterface,
  monitor: ReaderMonitorInterface,
  silence: () => void,
): PcscSession {
  /** Readers listed once: a Reader is only its name and the context, good for every connect. */
  const readers = new Map<string, ReaderInterface>();
  const answered = async (): Promise<void> => {
    await statusContext.waitForChange(
      [{ name: PNP_NOTIFICATION, state: 0, changed: false, atr: null }],
      0,
    );
  };
  const readerNamed = async (name: string): Promise<ReaderInterface | undefined> => {
    if (!readers.has(name)) {
      // Listing is synchronous: only right after PC/SC answered (see the head of this file).
      await answered();
      for (const reader of context.listReaders()) readers.set(reader.name, reader);
    }
    return readers.get(name);
  };
  return {
    async connect(readerName) {
      const reader = await readerNamed(readerName);
      if (!reader) throw new Error(`reader ${readerName} is gone`);
      const card = await reader.connect(SCARD_SHARE_SHARED, SCARD_PROTOCOL_T0 | SCARD_PROTOCOL_T1);
      const release = () => safely(() => card.disconnect(SCARD_LEAVE_CARD));
      return {
        transmit: (apdu, maxResponseBytes) =>
          card.transmit(Buffer.from(apdu), { maxRecvLength: maxResponseBytes }),
        // Released synchronously: only right after PC/SC answered. An error answer means the
        // service is gone, and releasing then fails at once.
        disconnect: () => void answered().then(release, release),
      };
    },
    probe: answered,
    close() {
      silence();
      safely(() => monitor.stop());
      safely(() => context.close());
      safely(() => statusContext.close());
    },
  };
}

function toPcscEvent(event: MonitorEvent): PcscEvent {
  switch (event.type) {
    case 'reader-attached':
      return {
        type: 'reader-attached',
        reader: event.reader,
        cardPresent: (event.state & SCARD_STATE_PRESENT) !== 0,
      };
    case 'error':
      // The monitor puts its error text where a reader name would be.
      return { type: 'error', message: event.reader };
    default:
      return { type: event.type, reader: event.reader };
  }
}

function safely(step: () => void): void {
  try {
    step();
  } catch {
    // Releasing what a vanished service already dropped: nothing left to do.
  }
}

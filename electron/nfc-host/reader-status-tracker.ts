import type { Logger } from '../logging/logger';
import type { ReaderToHost } from '../nfc/reader-protocol';
import { PCSC_FAILED } from '../nfc/reader-protocol';
import type { NfcCardState, NfcStatus } from './nfc-status';
import { initialNfcStatus } from './nfc-status';

/**
 * Folds the reader process's messages into the one `NfcStatus` the pages show, and tells
 * its listeners every time it changes. The card state is kept per reader, so one reader
 * reading while another has a card present still shows 'reading'. A hung PC/SC service stays
 * the news across the restarts it causes, until a process reports the service again; a state
 * that has its own advice (no reader, no service) clears the last read's error, which would
 * otherwise stand in for that advice, and a read that fails while such a state, or PC/SC's
 * own failure, is the news (the reader went mid-read) is only logged: it never replaces it.
 */

type Listener = (status: NfcStatus) => void;

/** States that say the reader or its service is missing or failing, each with its own advice. */
const TROUBLE_STATES: ReadonlySet<NfcStatus['state']> = new Set([
  'pcsc-missing',
  'pcsc-not-answering',
  'no-reader',
  'restarting',
  'stopped',
]);

export class ReaderStatusTracker {
  private current: NfcStatus = { ...initialNfcStatus };
  private readonly cards = new Map<string, NfcCardState>();
  /** The last error shown is a PC/SC failure, so PC/SC coming back clears it. */
  private pcscErrorShown = false;
  private readonly listeners = new Set<Listener>();

  constructor(private readonly logger: Logger) {}

  status(): NfcStatus {
    return { ...this.current, readers: [...this.current.readers] };
  }

  onStatus(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The process died and a restart is coming: its readers and cards went with it. Ended
   * because PC/SC hangs (`pcscHung`: its own report, or its thread stuck in a PC/SC call), or
   * while PC/SC hangs, the restarts are the service's doing (a new process waits on it too):
   * that is, and stays, the news.
   */
  processExited(pcscHung: boolean): void {
    this.cards.clear();
    const hung = pcscHung || this.current.state === 'pcsc-not-answering';
    if (pcscHung && this.current.state !== 'pcsc-not-answering')
      this.logger.error('nfc: the reader process was stuck in the PC/SC service');
    if (hung) this.pcscErrorShown = false;
    this.update({
      state: hung ? 'pcsc-not-answering' : 'restarting',
      readers: [],
      card: 'none',
      ...(hung ? { lastError: null } : {}),
      restarts: this.current.restarts + 1,
    });
  }

  apply(message: Exclude<ReaderToHost, { type: 'pong' }>): void {
    switch (message.type) {
      case 'pcsc-missing':
        this.cards.clear();
        return this.update({ state: 'pcsc-missing', readers: [], card: 'none', lastError: null });
      case 'pcsc-not-answering':
        this.cards.clear();
        this.pcscErrorShown = false;
        this.logger.error('nfc: the PC/SC service stopped answering', {
          waitedMs: message.waitedMs,
        });
        return this.update({
          state: 'pcsc-not-answering',
          readers: [],
          card: 'none',
          lastError: null,
        });
      case 'no-reader':
        this.cards.clear();
        this.pcscErrorShown = false;
        return this.update({ state: 'no-reader', readers: [], card: 'none', lastError: null });
      case 'reader-ready': {
        const readers = [...new Set([...this.current.readers, message.reader])];
        // PC/SC is back: its failure is no longer news.
        const cleared = this.pcscErrorShown ? { lastError: null } : {};
        this.pcscErrorShown = false;
        return this.update({ state: 'ready', readers, ...cleared });
      }
      case 'reader-gone':
        this.cards.delete(message.reader);
        return this.update({
          readers: this.current.readers.filter((name) => name !== message.reader),
        });
      case 'card-present':
        this.cards.set(message.reader, 'present');
        return this.update({});
      case 'reading':
        this.cards.set(message.reader, 'reading');
        return this.update({});
      case 'token-read':
        this.cards.set(message.reader, 'present');
        return this.update({ lastError: null });
      case 'card-removed':
        this.cards.delete(message.reader);
        return this.update({});
      case 'error':
        if (message.fault === PCSC_FAILED) {
          this.cards.clear();
          this.logger.warn('nfc reader lost PC/SC', { message: message.message });
          this.pcscErrorShown = true;
          return this.update({
            state: 'starting',
            readers: [],
            card: 'none',
            lastError: message.message,
          });
        }
        if (message.reader && this.cards.get(message.reader) === 'reading')
          this.cards.set(message.reader, 'present');
        this.logger.warn('nfc reader error', { message: message.message, fault: message.fault });
        // The reader or its service is the news: the read it took down says nothing more.
        if (this.readerTroubleShown() || this.readerGone(message.reader)) return this.update({});
        return this.update({ lastError: message.message });
    }
  }

  /** The status tells of a missing or failing reader or service, with advice of its own. */
  private readerTroubleShown(): boolean {
    return this.pcscErrorShown || TROUBLE_STATES.has(this.current.state);
  }

  /** A read's reader that is no longer listed: unplugged, or lost with PC/SC. */
  private readerGone(reader: string | undefined): boolean {
    return reader !== undefined && !this.current.readers.includes(reader);
  }

  /** Merges `partial` over the status (card recomputed from the readers first) and notifies. */
  update(partial: Partial<NfcStatus>): void {
    const states = [...this.cards.values()];
    const card: NfcCardState = states.includes('reading')
      ? 'reading'
      : states.includes('present')
        ? 'present'
        : 'none';
    this.current = { ...this.current, card, ...partial };
    const snapshot = this.status();
    for (const listener of [...this.listeners]) listener(snapshot);
  }
}

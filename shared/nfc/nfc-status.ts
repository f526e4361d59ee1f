/** What the till shows about NFC: plain data, safe to send to the pages (no token in it). */
export type NfcServiceState =
  /** Connecting to PC/SC: the reader process is starting, or reconnecting after PC/SC failed. */
  | 'starting'
  /** The PC/SC service (pcscd / Smart Card service) is not running. */
  | 'pcsc-missing'
  /**
   * The PC/SC service runs but stopped answering (hung): the reader process is restarted
   * with back-off until it answers again.
   */
  | 'pcsc-not-answering'
  /** PC/SC runs, no reader is plugged in. */
  | 'no-reader'
  | 'ready'
  /** The reader process stopped unexpectedly; it is being started again. */
  | 'restarting'
  | 'stopped';

export type NfcCardState = 'none' | 'present' | 'reading';

export interface NfcStatus {
  state: NfcServiceState;
  readers: string[];
  card: NfcCardState;
  /** The last read fault or PC/SC problem, in cashier words; null once a read succeeds. */
  lastError: string | null;
  /** How many times the reader process was started again. */
  restarts: number;
}

export const initialNfcStatus: NfcStatus = {
  state: 'starting',
  readers: [],
  card: 'none',
  lastError: null,
  restarts: 0,
};

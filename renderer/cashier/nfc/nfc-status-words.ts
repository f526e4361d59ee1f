import type { NfcStatus } from '../../../shared/nfc/nfc-status';

type NfcTone = 'ok' | 'busy' | 'problem' | 'off';

export interface NfcStatusWords {
  /** One line for the status bar. */
  text: string;
  /** What the cashier can do about it, when there is something to do. */
  action: string | null;
  tone: NfcTone;
  /** Tap to pay makes sense now. */
  usable: boolean;
}

/** The reader's state in words a cashier can act on. */
export function nfcStatusWords(status: NfcStatus): NfcStatusWords {
  const reader = status.readers[0];
  const base = ((): NfcStatusWords => {
    switch (status.state) {
      case 'starting':
        return { text: 'NFC reader starting…', action: null, tone: 'busy', usable: false };
      case 'pcsc-missing':
        return {
          text: 'NFC unavailable: the smart card service is not running',
          action:
            'Start the Smart Card service (pcscd) or restart the computer; call IT if it stays.',
          tone: 'problem',
          usable: false,
        };
      case 'pcsc-not-answering':
        return {
          text: 'NFC unavailable: the card reader service is not answering',
          action:
            'The till keeps trying by itself. If it stays, restart the Smart Card service (pcscd) or the computer, or call IT.',
          tone: 'problem',
          usable: false,
        };
      case 'no-reader':
        return {
          text: 'No NFC reader connected',
          action: 'Plug in the NFC reader (USB).',
          tone: 'problem',
          usable: false,
        };
      case 'ready':
        return {
          text:
            status.card === 'reading'
              ? 'NFC: reading the phone…'
              : status.card === 'present'
                ? 'NFC: phone on the reader'
                : 'NFC reader ready',
          action: null,
          tone: 'ok',
          usable: true,
        };
      case 'restarting':
        return {
          text: 'NFC reader restarting…',
          action: 'Wait a few seconds; unplug and replug the reader if it stays.',
          tone: 'busy',
          usable: false,
        };
      case 'stopped':
        return { text: 'NFC off', action: null, tone: 'off', usable: false };
    }
  })();
  const withReader =
    reader && status.state === 'ready' ? { ...base, text: `${base.text} (${reader})` } : base;
  // The last read's or PC/SC's problem is the advice only where the state has none of its
  // own: an old read error must never hide "plug in the reader".
  return status.lastError && base.action === null
    ? { ...withReader, action: status.lastError }
    : withReader;
}

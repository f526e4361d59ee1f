import { describe, expect, it } from 'vitest';
import { initialNfcStatus, type NfcServiceState } from '../../../../shared/nfc/nfc-status';
import { nfcStatusWords } from '../../../../renderer/cashier/nfc/nfc-status-words';

describe('NFC status in words', () => {
  it('words every reader state; only ready allows tap to pay', () => {
    const states: NfcServiceState[] = [
      'starting',
      'pcsc-missing',
      'no-reader',
      'ready',
      'restarting',
      'stopped',
    ];
    for (const state of states) {
      const words = nfcStatusWords({ ...initialNfcStatus, state });
      expect(words.text.length, state).toBeGreaterThan(3);
      expect(words.usable, state).toBe(state === 'ready');
    }
  });

  it('tells the cashier what to do about a missing reader or service', () => {
    expect(nfcStatusWords({ ...initialNfcStatus, state: 'no-reader' }).action).toMatch(/Plug in/);
    expect(nfcStatusWords({ ...initialNfcStatus, state: 'pcsc-missing' }).action).toMatch(
      /Smart Card service/,
    );
  });

  it('names the reader and the card, and shows the last read problem', () => {
    const ready = { ...initialNfcStatus, state: 'ready' as const, readers: ['ACS ACR122U'] };
    expect(nfcStatusWords(ready).text).toBe('NFC reader ready (ACS ACR122U)');
    expect(nfcStatusWords({ ...ready, card: 'reading' }).text).toContain('reading the phone');
    expect(
      nfcStatusWords({
        ...ready,
        lastError: 'The phone was taken away too soon. Ask the customer to tap again.',
      }).action,
    ).toMatch(/tap again/);
  });
});

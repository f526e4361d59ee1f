import { describe, expect, it } from 'vitest';
import { initialNfcStatus, type NfcServiceState } from '../../../../shared/nfc/nfc-status';
import { nfcStatusWords } from '../../../../renderer/cashier/nfc/nfc-status-words';

describe('NFC status in words', () => {
  it('words every reader state; only ready allows tap to pay', () => {
    const states: NfcServiceState[] = [
      'starting',
      'pcsc-missing',
      'pcsc-not-answering',
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

  it('says a hung card reader service in words, and what the till does about it', () => {
    const words = nfcStatusWords({ ...initialNfcStatus, state: 'pcsc-not-answering' });
    expect(words.text).toBe('NFC unavailable: the card reader service is not answering');
    expect(words.action).toMatch(/keeps trying by itself.*call IT/);
    expect(words.tone).toBe('problem');
    for (const text of [words.text, words.action ?? ''])
      expect(text).not.toMatch(/pcsc-not-answering|not-answering|pcsc-/);
  });

  it("never lets an old read's error hide the advice of a state that has its own", () => {
    const lastError = 'The phone did not answer in time. Ask the customer to tap again.';
    for (const state of ['no-reader', 'pcsc-missing', 'pcsc-not-answering', 'restarting'] as const)
      expect(nfcStatusWords({ ...initialNfcStatus, state, lastError }).action, state).not.toBe(
        lastError,
      );
    expect(nfcStatusWords({ ...initialNfcStatus, state: 'no-reader', lastError }).action).toMatch(
      /Plug in/,
    );
    // Where the state has no advice of its own, the last problem is the advice.
    expect(nfcStatusWords({ ...initialNfcStatus, state: 'starting', lastError }).action).toBe(
      lastError,
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

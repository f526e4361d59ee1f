import { describe, expect, it } from 'vitest';
import {
  connectNfcPaymentBridge,
  type BridgeOutcome,
  type NfcSalePort,
} from '../../../electron/nfc-host/nfc-payment-bridge';
import type { ReaderEvent } from '../../../electron/nfc-host/reader-supervisor';

const TOKEN_A = '0f8fad5b-d9cb-469f-a165-70867728950e';
const TOKEN_B = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

class FakeSale implements NfcSalePort {
  state = 'waiting-for-tap';
  submitted: string[] = [];
  pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  current() {
    return { state: this.state };
  }
  submitNfcToken(token: string) {
    this.submitted.push(token);
    this.state = 'submitting';
    return new Promise<unknown>((resolve, reject) =>
      this.pending.push({ resolve: () => resolve('snapshot'), reject }),
    );
  }
}

function setup() {
  const listeners: ((event: ReaderEvent) => void)[] = [];
  const sale = new FakeSale();
  const bridge = connectNfcPaymentBridge({
    reader: { onEvent: (listener) => (listeners.push(listener), () => undefined) },
    sale,
  });
  const outcomes: BridgeOutcome[] = [];
  bridge.onOutcome((outcome) => outcomes.push(outcome));
  const read = (token: string, tap: number, generation = 1) => {
    for (const listener of listeners) {
      listener({
        type: 'token-read',
        reader: 'R1',
        tap,
        token,
        protocol: 'aid',
        exchangeMs: 5,
        generation,
      });
    }
  };
  return { sale, bridge, outcomes, read };
}

describe('NFC payment bridge', () => {
  it('submits the first token while the sale waits for a tap', async () => {
    const { sale, bridge, outcomes, read } = setup();
    read(TOKEN_A, 1);
    expect(sale.submitted).toEqual([TOKEN_A]);
    sale.pending[0]?.resolve();
    await bridge.idle();
    expect(outcomes).toEqual([{ kind: 'submitted', tap: '1:R1:1', result: 'snapshot' }]);
  });

  it('reads one token per card presence (lingering card, reader repeating itself)', () => {
    const { sale, outcomes, read } = setup();
    read(TOKEN_A, 1);
    sale.state = 'waiting-for-tap';
    read(TOKEN_B, 1);
    expect(sale.submitted).toEqual([TOKEN_A]);
    expect(outcomes).toContainEqual({
      kind: 'ignored',
      tap: '1:R1:1',
      reason: 'second-read-of-tap',
    });
  });

  it('never submits a token twice (tapped twice, or read again by a restarted reader)', async () => {
    const { sale, bridge, outcomes, read } = setup();
    read(TOKEN_A, 1);
    sale.pending[0]?.reject(new Error('refused'));
    await bridge.idle();
    sale.state = 'waiting-for-tap';
    read(TOKEN_A, 2);
    read(TOKEN_A, 1, 2);
    expect(sale.submitted).toEqual([TOKEN_A]);
    expect(
      outcomes
        .filter((outcome) => outcome.kind === 'ignored')
        .map((outcome) => outcome.kind === 'ignored' && outcome.reason),
    ).toEqual(['token-already-used', 'token-already-used']);
    expect(outcomes[0]).toEqual({ kind: 'submit-failed', tap: '1:R1:1', message: 'refused' });
  });

  it('ignores other taps while a submission is on the wire', () => {
    const { sale, outcomes, read } = setup();
    read(TOKEN_A, 1);
    sale.state = 'waiting-for-tap';
    read(TOKEN_B, 2);
    expect(sale.submitted).toEqual([TOKEN_A]);
    expect(outcomes).toContainEqual({
      kind: 'ignored',
      tap: '1:R1:2',
      reason: 'submission-in-flight',
    });
  });

  it('ignores taps when no sale waits, without using the token up', () => {
    const { sale, outcomes, read } = setup();
    sale.state = 'accepted-by-service';
    read(TOKEN_A, 1);
    expect(outcomes).toEqual([{ kind: 'ignored', tap: '1:R1:1', reason: 'no-sale-waiting' }]);
    sale.state = 'waiting-for-tap';
    read(TOKEN_A, 2);
    expect(sale.submitted).toEqual([TOKEN_A]);
  });
});

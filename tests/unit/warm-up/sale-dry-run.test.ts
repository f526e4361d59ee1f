import { Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dryRunQrSale } from '../../../electron/warm-up/sale-dry-run';
import { ManualClock } from '../../support/manual-clock';

// The dry sale of the warm-up (sale-warm-up.ts) on its own: the real sale service, the real
// journal code over SQLite in memory, the sandbox's generate_qr code in process.
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the dry run of a QR sale', () => {
  it('takes a sale to its link and back to no sale, a step per pause, without opening any connection', async () => {
    const connect = vi.spyOn(Socket.prototype, 'connect');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const clock = new ManualClock();
    let pauses = 0;
    await dryRunQrSale({
      clock,
      serviceTimeZone: 'Europe/Berlin',
      pause: async () => {
        pauses += 1;
      },
    });
    // Each step a turn of its own: the contract, the zone, the journal, the order, the
    // service's answer, reading it, the views, the cancel.
    expect(pauses).toBeGreaterThanOrEqual(7);
    expect(connect).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('stops where a pause throws, as the warm-up stopped at quit makes it', async () => {
    const clock = new ManualClock();
    let pauses = 0;
    await expect(
      dryRunQrSale({
        clock,
        serviceTimeZone: 'UTC',
        pause: async () => {
          pauses += 1;
          if (pauses === 2) throw new Error('stopped');
        },
      }),
    ).rejects.toThrow('stopped');
    expect(pauses).toBe(2);
  });

  it('fails in words when a step fails (a zone Intl does not know), for the warm-up to log', async () => {
    await expect(
      dryRunQrSale({
        clock: new ManualClock(),
        serviceTimeZone: 'Nowhere/Atlantis',
        pause: async () => undefined,
      }),
    ).rejects.toThrow(/not a time zone Intl knows/);
  });
});

import { describe, expect, it, vi } from 'vitest';
import {
  SALE_WARM_UP_DELAY_MS,
  warmUpSalePath,
  type DryRun,
} from '../../../electron/warm-up/sale-warm-up';
import type { Logger } from '../../../electron/logging/logger';
import { ManualClock } from '../../support/manual-clock';

function recordingLogger() {
  const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const logger: Logger = {
    info: (message, fields) => lines.push({ level: 'info', message, ...(fields && { fields }) }),
    warn: (message, fields) => lines.push({ level: 'warn', message, ...(fields && { fields }) }),
    error: (message, fields) => lines.push({ level: 'error', message, ...(fields && { fields }) }),
  };
  return { logger, lines };
}

describe('the sale warm-up after start', () => {
  it('runs the dry run once, only when the delay has passed on the clock, with the service zone, and logs it', async () => {
    const clock = new ManualClock();
    const { logger, lines } = recordingLogger();
    const run = vi.fn<DryRun>(async () => undefined);
    const warmUp = warmUpSalePath({
      clock,
      logger,
      serviceTimeZone: () => 'Europe/Berlin',
      run,
    });
    clock.advance(SALE_WARM_UP_DELAY_MS - 1);
    await Promise.resolve();
    expect(run).not.toHaveBeenCalled();

    clock.advance(1);
    await warmUp.done;
    expect(run).toHaveBeenCalledOnce();
    expect(run.mock.calls[0]![0]).toMatchObject({ clock, serviceTimeZone: 'Europe/Berlin' });
    expect(lines).toEqual([
      { level: 'info', message: 'sale path warmed up', fields: { ms: 0, longestStepMs: 0 } },
    ]);
    clock.advance(60_000);
    await Promise.resolve();
    expect(run).toHaveBeenCalledOnce();
  });

  it('gives the event loop a turn at each pause: what was queued meanwhile runs before the next step', async () => {
    const clock = new ManualClock();
    const order: string[] = [];
    const warmUp = warmUpSalePath({
      clock,
      logger: recordingLogger().logger,
      serviceTimeZone: () => 'UTC',
      run: async ({ pause }) => {
        order.push('step 1');
        setImmediate(() => order.push('a page call'));
        await pause();
        order.push('step 2');
      },
    });
    clock.advance(SALE_WARM_UP_DELAY_MS);
    await warmUp.done;
    expect(order).toEqual(['step 1', 'a page call', 'step 2']);
  });

  it.each<[string, DryRun, string]>([
    [
      'a failing dry run',
      async () => {
        throw new Error('no journal in memory');
      },
      'no journal in memory',
    ],
    [
      'a dry run that throws at once',
      () => {
        throw new Error('thrown before its first step');
      },
      'thrown before its first step',
    ],
  ])('logs %s as a warning, and settles: nothing else depends on it', async (_, run, error) => {
    const clock = new ManualClock();
    const { logger, lines } = recordingLogger();
    const warmUp = warmUpSalePath({ clock, logger, serviceTimeZone: () => 'UTC', run });
    clock.advance(SALE_WARM_UP_DELAY_MS);
    await expect(warmUp.done).resolves.toBeUndefined();
    expect(lines).toEqual([
      {
        level: 'warn',
        message: 'sale warm-up failed; the first sale may be slower',
        fields: { error },
      },
    ]);
  });

  it('stopped before its time, it never runs; stopped while running, it ends at its next pause, unlogged', async () => {
    const clock = new ManualClock();
    const { logger, lines } = recordingLogger();
    const run = vi.fn<DryRun>(async () => undefined);
    const early = warmUpSalePath({ clock, logger, serviceTimeZone: () => 'UTC', run });
    early.stop();
    await early.done;
    clock.advance(SALE_WARM_UP_DELAY_MS);
    await Promise.resolve();
    expect(run).not.toHaveBeenCalled();

    const steps: string[] = [];
    let running!: () => void;
    const started = new Promise<void>((resolve) => (running = resolve));
    let finished!: () => void;
    const ended = new Promise<void>((resolve) => (finished = resolve));
    const midway = warmUpSalePath({
      clock,
      logger,
      serviceTimeZone: () => 'UTC',
      run: async ({ pause }) => {
        steps.push('step 1');
        running();
        try {
          await pause();
          steps.push('step 2');
        } catch {
          // As the dry sale does when its request is cut short: the sale did not get its link.
          throw new Error('the dry run sale ended outcome-unknown');
        } finally {
          finished();
        }
      },
    });
    clock.advance(SALE_WARM_UP_DELAY_MS);
    await started;
    midway.stop();
    await midway.done;
    await ended;
    expect(steps).toEqual(['step 1']);
    expect(lines).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Calls } from '../../../shared/ipc/contract';
import type { CallHandlers } from '../../../shared/ipc/contract-kit';
import { CallRefusal } from '../../../shared/ipc/call-refusal';
import { dispatchCall } from '../../../electron/app/dispatch-call';
import { SaleRuleError } from '../../../electron/sale/sale-errors';
import { ServiceError } from '../../../electron/service-client/service-error';
import { recordingLogger } from '../../support/secret-leak';

function handlersWith(overrides: Partial<CallHandlers<Calls>>): CallHandlers<Calls> {
  return new Proxy(overrides, {
    get: (target, name) =>
      (target as Record<string, unknown>)[name as string] ?? (async () => 'default'),
  }) as CallHandlers<Calls>;
}

describe('dispatchCall', () => {
  it('passes parsed arguments to the handler and wraps the value', async () => {
    const seen: unknown[] = [];
    const handlers = handlersWith({ listAssets: async (args) => (seen.push(args), []) });
    const result = await dispatchCall(
      handlers,
      'listAssets',
      { chainId: '137' },
      recordingLogger().logger,
    );
    expect(result).toEqual({ ok: true, value: [] });
    expect(seen).toEqual([{ chainId: '137' }]);
  });

  it.each([
    ['an unknown call', 'deleteEverything', {}, 'unknown-call'],
    ['a prototype name', '__proto__', {}, 'unknown-call'],
    ['a missing field', 'listAssets', {}, 'invalid-argument'],
    ['a wrong type', 'listAssets', { chainId: 137 }, 'invalid-argument'],
    [
      'an extra field',
      'startQrSale',
      { amount: '1', chainId: '1', asset: 'USDT', orderId: 'x' },
      'invalid-argument',
    ],
    ['a non-object', 'currentSale', 'hello', 'invalid-argument'],
  ])('refuses %s before any handler runs', async (_label, name, args, kind) => {
    let ran = false;
    const handlers = handlersWith({ listAssets: async () => ((ran = true), []) });
    const result = await dispatchCall(handlers, name, args, recordingLogger().logger);
    expect(result).toMatchObject({ ok: false, error: { kind } });
    expect(ran).toBe(false);
  });

  it('keeps the kind and words of expected failures', async () => {
    const service = new ServiceError({
      kind: 'rejected',
      message: 'The service refused the request.',
      serviceMessage: 'Amount too small',
      serviceCode: 'E1',
      httpStatus: 400,
    });
    const handlers = handlersWith({
      startQrSale: async () => {
        throw service;
      },
      confirmPaidByCashier: async () => {
        throw new SaleRuleError('not-allowed', 'There is no payment link to confirm.');
      },
      report: async () => {
        throw new CallRefusal('invalid-period', 'The start date is after the end date.');
      },
    });
    const logger = recordingLogger().logger;
    expect(
      await dispatchCall(
        handlers,
        'startQrSale',
        { amount: '1', chainId: '1', asset: 'USDT' },
        logger,
      ),
    ).toEqual({
      ok: false,
      error: {
        kind: 'rejected',
        message: 'The service refused the request.',
        detail: { serviceMessage: 'Amount too small', serviceCode: 'E1', httpStatus: 400 },
      },
    });
    expect(await dispatchCall(handlers, 'confirmPaidByCashier', {}, logger)).toEqual({
      ok: false,
      error: { kind: 'not-allowed', message: 'There is no payment link to confirm.' },
    });
    expect(
      await dispatchCall(
        handlers,
        'report',
        { fromDate: '2026-11-22', toDate: '2026-11-21' },
        logger,
      ),
    ).toMatchObject({
      ok: false,
      error: { kind: 'invalid-period' },
    });
  });

  it('never hands a page the text or stack of an unexpected error', async () => {
    const handlers = handlersWith({
      currentSale: async () => {
        throw new Error('SQLITE_CORRUPT at /home/till/.config/journal.sqlite');
      },
    });
    const recorder = recordingLogger();
    const result = await dispatchCall(handlers, 'currentSale', {}, recorder.logger);
    expect(result.ok).toBe(false);
    const text = JSON.stringify(result);
    expect(text).not.toContain('SQLITE');
    expect(text).not.toContain('journal.sqlite');
    expect(result).toMatchObject({ error: { kind: 'internal' } });
  });
});

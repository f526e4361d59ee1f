import { describe, expect, it } from 'vitest';
import { describeFailure } from '../../../electron/service-client/failure-messages';
import { isServiceError, ServiceError } from '../../../electron/service-client/service-error';
import { serviceErrorKinds } from '../../../shared/service-errors';

describe('ServiceError', () => {
  it('carries a frozen ServiceFailure, exposes its kind, and serialises to the failure only', () => {
    const error = new ServiceError(
      describeFailure('rejected', {
        method: 'POST',
        serviceMessage: 'no',
        serviceCode: 'E1',
        httpStatus: 409,
      }),
    );
    expect(error).toBeInstanceOf(Error);
    expect(isServiceError(error)).toBe(true);
    expect(isServiceError(new Error('x'))).toBe(false);
    expect(error.name).toBe('ServiceError');
    expect(error.kind).toBe('rejected');
    expect(error.cause).toBeUndefined();
    expect(Object.isFrozen(error.failure)).toBe(true);
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      kind: 'rejected',
      message: 'The payment service refused the request: no',
      serviceMessage: 'no',
      serviceCode: 'E1',
      httpStatus: 409,
    });
  });

  it.each(serviceErrorKinds)('has a cashier message for %s for GET and POST', (kind) => {
    for (const method of ['GET', 'POST'] as const) {
      const failure = describeFailure(kind, { method });
      expect(failure.kind).toBe(kind);
      expect(failure.message.length).toBeGreaterThan(20);
      expect(failure.message).not.toMatch(/undefined|\[object/);
    }
  });

  it('tells the cashier an unreadable POST answer may mean the order exists, and a refused POST connection is safe to retry', () => {
    expect(describeFailure('bad-response', { method: 'POST' }).message).toMatch(
      /order may have been created/,
    );
    expect(describeFailure('bad-response', { method: 'GET' }).message).not.toMatch(/order/);
    expect(describeFailure('no-connection', { method: 'POST' }).message).toMatch(
      /Nothing was sent/,
    );
    expect(describeFailure('timeout', { method: 'GET', attempts: 3 }).message).toMatch(
      /tried 3 times/,
    );
  });
});

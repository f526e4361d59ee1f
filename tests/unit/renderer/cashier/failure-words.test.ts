import { describe, expect, it } from 'vitest';
import { serviceErrorKinds } from '../../../../shared/service-errors';
import {
  failureWords,
  serviceFailureWords,
} from '../../../../renderer/cashier/errors/failure-words';

describe('error kind -> message and next step', () => {
  it('words every service error kind with a title and a next step', () => {
    for (const kind of serviceErrorKinds) {
      const words = failureWords(kind);
      expect(words, kind).toBe(serviceFailureWords[kind]);
      expect(words.title.length, kind).toBeGreaterThan(5);
      expect(words.nextStep, kind).toMatch(/\.$/);
    }
  });

  it('sends the cashier to the right next step', () => {
    expect(failureWords('no-connection')).toMatchObject({ step: 'check-connection' });
    expect(failureWords('no-connection').nextStep).toMatch(/network/i);
    expect(failureWords('invalid-token')).toMatchObject({ step: 'call-it-token' });
    expect(failureWords('invalid-token').nextStep).toMatch(/Call IT/);
    expect(failureWords('outcome-unknown')).toMatchObject({ step: 'resolve-order' });
    expect(failureWords('outcome-unknown').nextStep).toMatch(/Retry same order.*Void/);
    expect(failureWords('timeout')).toMatchObject({ step: 'retry' });
  });

  it('words the till-side kinds too', () => {
    expect(failureWords('starting')).toMatchObject({ step: 'wait' });
    expect(failureWords('settings-managed').nextStep).toMatch(/IT/);
    expect(failureWords('sale-in-progress').nextStep).toMatch(/open sale/);
    expect(failureWords('token-encryption-unavailable').nextStep).toMatch(/IT/);
    expect(failureWords('token-something-new')).toBe(failureWords('token-storage'));
  });

  it('has an actionable fallback for a kind it does not know', () => {
    const words = failureWords('never-heard-of-it');
    expect(words.title).toBe('Something went wrong');
    expect(words.nextStep).toMatch(/Try again/);
  });
});

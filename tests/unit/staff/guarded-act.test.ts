import { describe, expect, it } from 'vitest';
import { actKey, guardedAct } from '../../../electron/staff/guarded-act';

// An approval is for one act: the call with exactly its arguments, whatever the order of their
// keys; the audit trail gets what the act is on, never a PIN, a token or a setting's value.
describe('guardedAct', () => {
  it('keys the same call with equal arguments alike, in any order of their keys', () => {
    expect(actKey('updateSettings', { patch: { a: 1, b: [2, { c: 3, d: 4 }] } })).toBe(
      actKey('updateSettings', { patch: { b: [2, { d: 4, c: 3 }], a: 1 } }),
    );
    expect(actKey('exportDiagnostics', undefined)).toBe(actKey('exportDiagnostics', {}));
  });

  it('keys a key whose value is undefined apart: the guard counts it, so the approval does', () => {
    expect(actKey('x', { a: 1, b: undefined })).not.toBe(actKey('x', { a: 1 }));
    expect(actKey('x', { a: undefined })).not.toBe(actKey('x', {}));
    expect(actKey('x', { a: undefined })).not.toBe(actKey('x', { a: null }));
    expect(actKey('x', { a: [undefined] })).not.toBe(actKey('x', { a: [null] }));
    // No two shapes write the same text.
    expect(actKey('x', { a: { b: 1 } })).not.toBe(actKey('x', { a: [['b', 1]] }));
    expect(actKey('x', { a: ['value', 1] })).not.toBe(actKey('x', { a: 1 }));
  });

  it('keys another call, another value, another list order or one more key apart', () => {
    const base = actKey('voidPaidOrder', { orderId: 'o-1', reason: 'r' });
    expect(actKey('markPaidAfterAll', { orderId: 'o-1', reason: 'r' })).not.toBe(base);
    expect(actKey('voidPaidOrder', { orderId: 'o-2', reason: 'r' })).not.toBe(base);
    expect(actKey('voidPaidOrder', { orderId: 'o-1', reason: 'r', x: null })).not.toBe(base);
    expect(actKey('resetSettings', { keys: ['a', 'b'] })).not.toBe(
      actKey('resetSettings', { keys: ['b', 'a'] }),
    );
    expect(actKey('x', { a: '1' })).not.toBe(actKey('x', { a: 1 }));
  });

  it('says what the act is on: the arguments without PINs or tokens, a patch by its keys', () => {
    expect(
      guardedAct('updateSettings', { patch: { shopName: 'A', feePercent: '1' } }, []),
    ).toMatchObject({
      call: 'updateSettings',
      object: { keys: ['feePercent', 'shopName'] },
      turnsPinsOff: false,
    });
    expect(
      guardedAct('connectService', { baseUrl: 'https://pay.example', token: 't'.repeat(32) }, [])
        .object,
    ).toEqual({ baseUrl: 'https://pay.example' });
    expect(guardedAct('addStaff', { name: 'Bo', role: 'cashier', pin: '5555' }, []).object).toEqual(
      { name: 'Bo', role: 'cashier' },
    );
    expect(guardedAct('exportDiagnostics', undefined, []).object).toEqual({});
  });
});

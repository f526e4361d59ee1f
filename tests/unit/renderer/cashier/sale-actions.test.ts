import { describe, expect, it } from 'vitest';
import type { SaleAction, SaleSnapshot } from '../../../../shared/sale/sale-snapshot';
import { saleButtons } from '../../../../renderer/cashier/sale/active/sale-actions';
import { saleSnapshot } from './cashier-fixtures';

function sale(allowedActions: SaleAction[], patch: Partial<SaleSnapshot> = {}): SaleSnapshot {
  return saleSnapshot({ allowedActions, ...patch });
}

describe('allowedActions -> buttons', () => {
  it('offers exactly the allowed actions, main action first; the confirmation has its own control', () => {
    const buttons = saleButtons(sale(['cancel', 'confirmPaidByCashier']));
    expect(buttons.map((b) => b.testId)).toEqual(['cancel-sale']);
    expect(buttons.map((b) => b.call)).toEqual(['cancelSale']);
    expect(saleButtons(sale(['markPaidAfterAll', 'newSale'])).map((b) => b.testId)).toEqual([
      'new-sale',
    ]);
  });

  it('refused QR request: "Try again" makes a new order for the same amount', () => {
    const [again] = saleButtons(
      sale(['newLinkForExpired', 'newSale'], { state: 'refused', terminal: true }),
    );
    expect(again).toMatchObject({ label: 'Try again', call: 'newLinkForExpired' });
  });

  it('outcome unknown: retry the same order or void, nothing that starts a new order', () => {
    const buttons = saleButtons(
      sale(['retrySameOrder', 'voidOrder'], { state: 'outcome-unknown' }),
    );
    expect(buttons.map((b) => b.testId)).toEqual(['retry-same-order', 'void-order']);
    expect(buttons.map((b) => b.call)).not.toContain('finishSale');
    expect(buttons[0]!.hint).toContain('K7M-Q4X');
  });

  it('expired: New link first, then New sale', () => {
    const buttons = saleButtons(
      sale(['newLinkForExpired', 'newSale'], { state: 'expired', terminal: true }),
    );
    expect(buttons.map((b) => [b.testId, b.call])).toEqual([
      ['new-link', 'newLinkForExpired'],
      ['new-sale', 'finishSale'],
    ]);
    expect(buttons[1]!.variant).toBe('secondary');
  });

  it('amount differs: accept or cancel', () => {
    expect(
      saleButtons(sale(['acceptLinkAmount', 'cancel'], { state: 'amount-differs' })).map(
        (b) => b.testId,
      ),
    ).toEqual(['accept-link-amount', 'cancel-sale']);
  });

  it('no buttons while a request is on the wire', () => {
    expect(saleButtons(sale([], { state: 'requesting' }))).toEqual([]);
  });
});

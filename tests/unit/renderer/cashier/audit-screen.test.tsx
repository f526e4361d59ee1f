// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  AuditChainStatus,
  AuditList,
  AuditRowView,
} from '../../../../shared/audit/audit-views';
import type { StaffSession } from '../../../../shared/staff';
import { AuditChainBanner } from '../../../../renderer/cashier/audit/audit-chain-banner';
import { AuditScreen } from '../../../../renderer/cashier/audit/audit-screen';
import { maySeeAudit } from '../../../../renderer/cashier/audit/may-see-audit';
import { installFakePos, renderWithTheme, type FakePos } from './fake-pos';

const DAY = '2026-11-22';
const intact: AuditChainStatus = {
  intact: true,
  rows: 2,
  problems: [],
  problemCount: 0,
  summary: '',
  checkedAtMs: 0,
};
const broken: AuditChainStatus = {
  intact: false,
  rows: 9,
  problems: [
    { kind: 'changed', auditId: 3 },
    { kind: 'missing', auditId: 7 },
  ],
  problemCount: 2,
  summary: 'entry 3 was changed; entries just before entry 7 were removed',
  checkedAtMs: 0,
};
const mia = { staffId: 'staff-1', name: 'Mia' };
const cas = { staffId: 'staff-2', name: 'Cas' };

const priceRow: AuditRowView = {
  auditId: 12,
  atMs: Date.UTC(2026, 10, 22, 9, 30),
  action: 'manual-price-set',
  kind: 'prices-and-fees',
  actor: cas,
  approver: mia,
  who: 'Cas, approved by Mia',
  what: 'Price typed by hand',
  on: 'manual price: ETH',
  object: { kind: 'manual price', id: 'ETH', name: null },
  change: { before: null, after: '2950' },
  reason: null,
  outcome: 'done',
  detail: { currency: 'EUR' },
};
const overrideRow: AuditRowView = {
  ...priceRow,
  auditId: 13,
  action: 'manager-override',
  kind: 'approvals',
  what: "Done with a manager's PIN",
  on: 'a price typed by hand',
  object: { kind: null, id: 'setManualPrice', name: null },
  change: null,
  detail: {},
};
const staffRow: AuditRowView = {
  ...priceRow,
  auditId: 10,
  action: 'staff-added',
  kind: 'staff',
  actor: mia,
  approver: null,
  who: 'Mia',
  what: 'Added to the staff',
  on: 'staff: Cas',
  object: { kind: 'staff', id: 'staff-2', name: 'Cas' },
  change: { before: null, after: { name: 'Cas', role: 'cashier' } },
  detail: {},
};
const policyRow: AuditRowView = {
  auditId: 11,
  atMs: Date.UTC(2026, 10, 22, 9, 0),
  action: 'settings-changed',
  kind: 'settings',
  actor: null,
  approver: null,
  who: "IT's policy",
  what: 'Settings changed',
  on: 'settings: currency',
  object: { kind: 'settings', id: 'currency', name: null },
  change: { before: { currency: 'USD' }, after: { currency: 'EUR' } },
  reason: "IT's policy changed",
  outcome: 'done',
  detail: { via: 'it-policy' },
};

const listOf = (rows: AuditRowView[], chain = intact): AuditList => ({
  rows,
  truncated: false,
  limit: 500,
  people: [cas, mia],
  kinds: [
    { kind: 'settings', label: 'Settings' },
    { kind: 'prices-and-fees', label: 'Prices and fees' },
  ],
  timeZone: 'UTC',
  chain,
});

let pos: FakePos;
beforeEach(() => {
  pos = installFakePos();
  pos.handle('todayDate', () => DAY);
});
afterEach(cleanup);

const cells = (testId: string) => screen.getAllByTestId(testId).map((cell) => cell.textContent);

describe('the audit screen', () => {
  it('lists who did what (in main’s words), before and after, why and how it ended', async () => {
    pos.handle('auditEvents', () => listOf([overrideRow, priceRow, policyRow, staffRow]));
    renderWithTheme(<AuditScreen />);

    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(4));
    expect(pos.callsOf('auditEvents')).toEqual([{ fromDate: DAY, toDate: DAY }]);
    expect(cells('audit-who')).toEqual([
      'Cas, approved by Mia',
      'Cas, approved by Mia',
      "IT's policy",
      'Mia',
    ]);
    expect(cells('audit-what')).toEqual([
      "Done with a manager's PINa price typed by hand",
      'Price typed by handmanual price: ETH',
      'Settings changedsettings: currency',
      'Added to the staffstaff: Cas',
    ]);
    expect(cells('audit-before')).toEqual(['', '—', 'currency: USD', '—']);
    expect(cells('audit-after')).toEqual(['', '2950', 'currency: EUR', 'name: Cas; role: cashier']);
    // Main's own word, capitalised on screen.
    expect(cells('audit-outcome')).toEqual(['done', 'done', 'done', 'done']);
    expect(screen.getByTestId('audit-table').textContent).toContain("IT's policy changed");
    expect(screen.queryByTestId('audit-chain-broken')).toBeNull();
  });

  it('asks main again for a kind of act and a person', async () => {
    pos.handle('auditEvents', () => listOf([priceRow]));
    renderWithTheme(<AuditScreen />);
    await screen.findByTestId('audit-table');

    // Mantine's dropdown is still in its opening transition: its options count as hidden.
    fireEvent.click(screen.getByTestId('audit-filter-kind'));
    fireEvent.click(await screen.findByRole('option', { name: 'Prices and fees', hidden: true }));
    await waitFor(() => expect(pos.callsOf('auditEvents')).toHaveLength(2));
    fireEvent.click(screen.getByTestId('audit-filter-person'));
    fireEvent.click(await screen.findByRole('option', { name: 'Cas', hidden: true }));
    await waitFor(() => expect(pos.callsOf('auditEvents')).toHaveLength(3));
    expect(pos.callsOf('auditEvents').slice(1)).toEqual([
      { fromDate: DAY, toDate: DAY, kind: 'prices-and-fees' },
      { fromDate: DAY, toDate: DAY, kind: 'prices-and-fees', staffId: 'staff-2' },
    ]);
  });

  it('exports the rows it shows as CSV and says where they went', async () => {
    pos.handle('auditEvents', () => listOf([priceRow]));
    pos.handle('exportAuditCsv', () => ({
      saved: true,
      fileName: 'audit-2026-11-22.csv',
      rows: 1,
    }));
    renderWithTheme(<AuditScreen />);
    await screen.findByTestId('audit-table');
    await act(async () => fireEvent.click(screen.getByTestId('audit-export')));
    expect(pos.callsOf('exportAuditCsv')).toEqual([{ fromDate: DAY, toDate: DAY }]);
    expect(screen.getByTestId('audit-export-result').textContent).toBe(
      'Saved audit-2026-11-22.csv (1 entry).',
    );
  });

  it('says in a manager’s words that the trail was changed outside the till, and what to do', async () => {
    pos.handle('auditEvents', () => listOf([priceRow], broken));
    renderWithTheme(<AuditScreen />);
    const alert = await screen.findByTestId('audit-chain-broken');
    expect(within(alert).getByText('The audit trail was changed outside the till')).toBeTruthy();
    expect(alert.textContent).toContain(
      "Someone edited the till's data file by hand: entry 3 was changed; entries just before entry 7 were removed.",
    );
    expect(alert.textContent).toContain('Tell the owner or IT today');
  });
});

describe('the audit trail banner above every screen', () => {
  it('shows a broken chain with a way to the audit trail, and nothing when intact', async () => {
    let opened = 0;
    pos.handle('auditChain', () => broken);
    renderWithTheme(<AuditChainBanner personKey="staff-1" onOpen={() => (opened += 1)} />);
    fireEvent.click(await screen.findByTestId('audit-chain-open'));
    expect(opened).toBe(1);
    cleanup();

    pos.handle('auditChain', () => intact);
    renderWithTheme(<AuditChainBanner personKey="staff-1" onOpen={() => undefined} />);
    await waitFor(() => expect(pos.callsOf('auditChain')).toHaveLength(2));
    expect(screen.queryByTestId('audit-chain-broken')).toBeNull();
  });

  it('is for whoever main says may manage the staff', () => {
    const session = (permissions: StaffSession['permissions']): StaffSession => ({
      pinsRequired: true,
      signedIn: { staffId: 's', name: 'S', role: 'lead' },
      needsFirstManager: false,
      staff: [],
      permissions,
    });
    expect(maySeeAudit(undefined)).toBe(false);
    expect(maySeeAudit(null)).toBe(true);
    expect(maySeeAudit(session([]))).toBe(false);
    expect(maySeeAudit(session(['sell', 'export-reports']))).toBe(false);
    expect(maySeeAudit(session(['manage-staff']))).toBe(true);
    expect(maySeeAudit(session(['sell', 'manage-staff', 'export-diagnostics']))).toBe(true);
  });
});

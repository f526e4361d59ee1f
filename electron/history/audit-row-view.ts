import { auditKindOf, auditKinds, type AuditKind } from '../../shared/audit/audit-kinds';
import type { AuditPerson, AuditRowView } from '../../shared/audit/audit-views';
import type { AuditEvent } from '../staff/audit-trail';

/**
 * What each act was, as a manager reads it; an action not listed is shown as it is. Main words
 * the rows, so the screen and the CSV say the same and the page carries no word lists.
 */
const actionWords: Record<string, string> = {
  'sign-in': 'Signed in',
  'sign-out': 'Signed out',
  'auto-lock': 'Till locked after no use',
  'pin-failed': 'Wrong PIN',
  'pin-locked': 'Locked after wrong PINs',
  'first-manager': 'First manager set up',
  'staff-added': 'Added to the staff',
  'staff-removed': 'Removed from the staff',
  'pin-reset': 'New PIN given',
  'settings-changed': 'Settings changed',
  'fee-changed': 'Fee changed',
  'manual-price-set': 'Price typed by hand',
  export: 'Exported',
  'manager-override': "Done with a manager's PIN",
  'void-paid': 'Payment voided',
  'paid-after-all': 'Recorded as paid after all',
  'shift-reopened': 'Shift reopened',
  'audit-chain-started': 'Audit trail check started',
  'audit-chain-broken': 'Audit trail found changed outside the till',
};

/** The acts a manager's PIN approves (a `manager-override` row names the call). */
const callWords: Record<string, string> = {
  setManualPrice: 'a price typed by hand',
  markPaidAfterAll: 'a sale recorded as paid after all',
  voidPaidOrder: 'a payment voided',
  reopenShift: 'a closed shift reopened',
  updateSettings: 'a settings change',
  resetSettings: 'settings put back to their defaults',
  connectService: 'the payment service changed',
  disconnectService: 'the payment service removed',
  exportCsv: 'the sales list exported',
  exportZReportCsv: 'a Z report exported',
  exportDiagnostics: 'diagnostics exported for IT',
};

/** The kinds of act, as the audit view's filter names them. */
const kindWords: Record<AuditKind, string> = {
  'sign-in': 'Signing in and out',
  staff: 'Staff changes',
  settings: 'Settings',
  'prices-and-fees': 'Prices and fees',
  exports: 'Exports',
  approvals: "Manager's approvals",
  payments: 'Payments changed',
  shifts: 'Shifts',
  trail: 'The audit trail itself',
  other: 'Other',
};

export const auditKindChoices = auditKinds.map((kind) => ({ kind, label: kindWords[kind] }));

const personText = (person: AuditPerson) => person.name ?? `(${person.staffId})`;

/** Who did it: "Cas", "Cas, approved by Mia", or who else acted when no person did. */
function whoText(row: Pick<AuditRowView, 'actor' | 'approver' | 'reason' | 'detail'>): string {
  if (row.actor === null) {
    if (row.detail.via === 'it-policy' || row.reason === "IT's policy") return "IT's policy";
    return row.approver ? `Approved by ${personText(row.approver)}` : 'The till';
  }
  const actor = personText(row.actor);
  return row.approver ? `${actor}, approved by ${personText(row.approver)}` : actor;
}

/** What it was on: "settings: feePercent", "staff: Ben", the act approved, or nothing. */
function onText(action: string, object: AuditRowView['object']): string {
  if (object === null) return '';
  const { kind, id, name } = object;
  if (kind === null) return action === 'manager-override' ? (callWords[id] ?? id) : id;
  return `${kind}: ${name ?? id}`;
}

/** One audit row as the audit view and its CSV show it, with the names of the people it names. */
export function auditRowView(
  event: AuditEvent,
  staffName: (staffId: string | null) => string | null,
): AuditRowView {
  const person = (staffId: string | null): AuditPerson | null =>
    staffId === null ? null : { staffId, name: staffName(staffId) };
  const object: AuditRowView['object'] = event.object
    ? {
        kind: event.object.kind,
        id: event.object.id ?? '',
        name: event.object.kind === 'staff' ? staffName(event.object.id) : null,
      }
    : event.target !== null
      ? { kind: null, id: event.target, name: null }
      : null;
  const row = {
    actor: person(event.actorId),
    approver: person(event.approverId),
    reason: event.reason ?? null,
    detail: event.detail,
  };
  return {
    auditId: event.auditId,
    atMs: event.atMs,
    action: event.action,
    kind: auditKindOf(event.action),
    ...row,
    who: whoText(row),
    what: actionWords[event.action] ?? event.action,
    on: onText(event.action, object),
    object,
    change:
      'before' in event || 'after' in event
        ? { before: event.before ?? null, after: event.after ?? null }
        : null,
    outcome: event.outcome ?? null,
  };
}

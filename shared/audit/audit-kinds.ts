/**
 * The kinds of act the audit view filters by, and the audit actions each kind holds. An action
 * no kind names (one added later) counts as 'other', so a filter never hides it for good.
 */
export const auditKinds = [
  'sign-in',
  'staff',
  'settings',
  'prices-and-fees',
  'exports',
  'approvals',
  'payments',
  'shifts',
  'trail',
  'other',
] as const;
export type AuditKind = (typeof auditKinds)[number];

export const auditActionsByKind: {
  readonly [K in Exclude<AuditKind, 'other'>]: readonly string[];
} = {
  'sign-in': ['sign-in', 'sign-out', 'auto-lock', 'pin-failed', 'pin-locked'],
  staff: ['first-manager', 'staff-added', 'staff-removed', 'pin-reset'],
  settings: ['settings-changed'],
  'prices-and-fees': ['manual-price-set', 'fee-changed'],
  exports: ['export'],
  approvals: ['manager-override'],
  payments: ['void-paid', 'paid-after-all'],
  shifts: ['shift-reopened'],
  trail: ['audit-chain-started', 'audit-chain-broken'],
};

/** Every action some kind names. */
export const knownAuditActions: readonly string[] = Object.values(auditActionsByKind).flat();

/** The kind an action belongs to ('other' when none names it). */
export function auditKindOf(action: string): AuditKind {
  for (const [kind, actions] of Object.entries(auditActionsByKind)) {
    if (actions.includes(action)) return kind as AuditKind;
  }
  return 'other';
}

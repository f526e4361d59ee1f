import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { Clock } from '../../shared/clock';
import type { Settings } from '../../shared/settings';
import {
  builtInRoles,
  permissions,
  permissionsOfRole,
  selfOnlyPermissions,
  type Permission,
  type StaffMember,
  type StaffRole,
  type StaffSession,
} from '../../shared/staff';
import { transactionRunner, type InTransaction } from '../journal/sqlite-transaction';
import type { Logger } from '../logging/logger';
import { AuditTrail, type AuditEvent, type AuditFields } from './audit-trail';
import { AutoLock } from './auto-lock';
import type { GuardedAct } from './guarded-act';
import { ManagerApprovals } from './manager-approvals';
import { PinChecks } from './pin-checks';
import { syncProvisionedManagers } from './provisioned-managers';
import { StaffRefusal } from './staff-errors';
import { StaffRoster } from './staff-roster';
import { StaffStore } from './staff-store';

export interface StaffServiceOptions {
  /** The journal's writer connection, migrations applied (tables staff and audit_events). */
  db: DatabaseSync;
  /** The app's one audit trail on that connection (default: a trail of its own). */
  trail?: AuditTrail;
  clock: Clock;
  settings: () => Settings;
  logger: Logger;
  newStaffId?: () => string;
}

type Actor = { staffId: string; name: string; role: StaffRole };

/**
 * What the guard lets an act go ahead with: who acts, which manager approved (null: the
 * person's own permission, or PINs off), and `settle`, told the act's outcome once it ran.
 */
export interface StaffGrant {
  actorId: string | null;
  approverId: string | null;
  /**
   * null: the act succeeded (its approval is spent); else the kind of its failure, or
   * 'cancelled' (a save dialog closed): the approval stays for a retry in its time.
   */
  settle(failure: string | null): void;
}

const noApproval = () => undefined;

const byName = (a: StaffMember, b: StaffMember) => a.name.localeCompare(b.name);

/**
 * Staff profiles, PINs and who is signed in, in main: a page only ever sees names and roles.
 * With staff PINs off the till runs as one implicit cashier who may do everything. Who is
 * signed in lives in memory (a restart signs everyone out); lockouts live in the staff table
 * (a restart does not lift them); every sign-in, wrong PIN and override goes to audit_events.
 */
export class StaffService {
  private readonly clock: Clock;
  private readonly settings: () => Settings;
  private readonly logger: Logger;
  private readonly newStaffId: () => string;
  private readonly store: StaffStore;
  private readonly trail: AuditTrail;
  private readonly pins: PinChecks;
  private readonly roster: StaffRoster;
  private readonly approvals: ManagerApprovals;
  private readonly autoLock: AutoLock;
  private readonly inTransaction: InTransaction;
  private readonly listeners = new Set<(session: StaffSession) => void>();
  private signedInId: string | null = null;

  constructor(options: StaffServiceOptions) {
    this.clock = options.clock;
    this.settings = options.settings;
    this.logger = options.logger;
    this.newStaffId = options.newStaffId ?? randomUUID;
    this.store = new StaffStore(options.db);
    this.trail = options.trail ?? new AuditTrail(options.db, this.clock);
    this.pins = new PinChecks(this.store, this.trail, this.clock, this.logger);
    this.roster = new StaffRoster(this.store, this.clock, this.newStaffId);
    this.approvals = new ManagerApprovals(this.clock);
    this.autoLock = new AutoLock(this.clock, () => {
      this.endSession('auto-lock');
      this.changed();
    });
    this.inTransaction = transactionRunner(options.db);
    this.settingsChanged();
  }

  session(): StaffSession {
    const active = this.store.active();
    const pinsRequired = this.pinsRequired();
    const signedIn = this.actor();
    const held = !pinsRequired
      ? new Set(permissions)
      : signedIn
        ? this.permissionsOf(signedIn.role)
        : new Set<Permission>();
    const firstStep = pinsRequired && this.firstManagerStepOpen();
    return {
      pinsRequired,
      signedIn,
      // The first-run step, at the sign-in screen only.
      needsFirstManager: firstStep && signedIn === null,
      noManager: pinsRequired && !firstStep && !active.some((row) => row.role === 'manager'),
      staff: active
        .map(({ staffId, name, role, source }) => ({ staffId, name, role, source }))
        .sort(byName),
      roles: this.roles(),
      permissions: permissions.filter((permission) => held.has(permission)),
    };
  }

  /** The roles a person may be given: the two built in, then those IT defines. */
  private roles(): StaffRole[] {
    return [...new Set([...builtInRoles, ...this.settings().staffRoles.map((role) => role.name)])];
  }

  onChange(listener: (session: StaffSession) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Who acts now, for the journal: null with PINs off (the implicit cashier) or when nobody is signed in. */
  actor(): Actor | null {
    if (!this.pinsRequired() || this.signedInId === null) return null;
    const row = this.store.activeById(this.signedInId);
    return row ? { staffId: row.staffId, name: row.name, role: row.role } : null;
  }

  async createFirstManager(name: string, pin: string): Promise<StaffSession> {
    this.requireFirstManagerStep();
    // Another window may finish the step while scrypt runs: checked again before the insert.
    const added = await this.roster.add(name, 'manager', pin, () => this.requireFirstManagerStep());
    const { staffId } = added;
    this.trail.append('first-manager', {
      actorId: staffId,
      object: { kind: 'staff', id: staffId },
      before: null,
      after: { name: added.name, role: 'manager' },
      outcome: 'done',
      detail: { name: added.name },
    });
    this.startSession(staffId);
    return this.changed();
  }

  async signIn(staffId: string, pin: string): Promise<StaffSession> {
    if (!this.pinsRequired()) {
      throw new StaffRefusal('not-allowed', 'Staff PINs are off: nobody needs to sign in.');
    }
    const row = await this.pins.check(staffId, pin, {
      purpose: 'sign-in',
      actorId: this.actorId(),
    });
    this.startSession(row.staffId);
    this.trail.append('sign-in', { actorId: row.staffId });
    return this.changed();
  }

  signOut(): StaffSession {
    this.endSession('sign-out');
    return this.changed();
  }

  async addStaff(name: string, role: StaffRole, pin: string): Promise<StaffSession> {
    if (!this.roles().includes(role)) {
      throw new StaffRefusal('not-allowed', 'There is no such role: ask IT to define it.');
    }
    this.requireMayGive(role);
    const { staffId, name: clean } = await this.roster.add(name, role, pin);
    this.trail.append('staff-added', {
      actorId: this.actorId(),
      object: { kind: 'staff', id: staffId },
      before: null,
      after: { name: clean, role },
      outcome: 'done',
      detail: { name: clean, role },
    });
    return this.changed();
  }

  async resetPin(staffId: string, pin: string): Promise<StaffSession> {
    this.requireMayChange(staffId);
    await this.roster.resetPin(staffId, pin);
    // That the PIN changed, never the PIN.
    this.trail.append('pin-reset', {
      actorId: this.actorId(),
      object: { kind: 'staff', id: staffId },
      outcome: 'done',
    });
    return this.changed();
  }

  removeStaff(staffId: string): StaffSession {
    this.requireMayChange(staffId);
    const row = this.roster.remove(staffId);
    this.trail.append('staff-removed', {
      actorId: this.actorId(),
      object: { kind: 'staff', id: staffId },
      before: { name: row.name, role: row.role },
      after: null,
      outcome: 'done',
      detail: { name: row.name, role: row.role },
    });
    if (this.signedInId === staffId) this.endSession('sign-out', { reason: 'removed' });
    return this.changed();
  }

  /**
   * A manager's PIN typed on the cashier's screen approves ONE act (the call with exactly its
   * arguments) for the person signed in now, once, for 2 minutes. Wrong PINs typed here count
   * apart from the manager's own sign-in, so a cashier's guesses never lock the manager out.
   */
  async approve(managerId: string, pin: string, act: GuardedAct): Promise<void> {
    if (!this.pinsRequired()) {
      throw new StaffRefusal('not-allowed', 'Staff PINs are off: nothing needs a manager.');
    }
    // Made at the sign-in screen, an approval would go to whoever signs in next.
    const me = this.actor();
    if (!me) throw signedOut();
    if (act.needs.some((permission) => selfOnlyPermissions.has(permission))) throw selfOnly();
    if (act.needs.every((need) => this.holds(me.role, need))) throw nothingToApprove();
    const notManager = () =>
      new StaffRefusal('not-allowed', 'Only the PIN of a manager who may do this can approve it.');
    const mayApprove = (role: StaffRole) => act.needs.every((need) => this.holds(role, need));
    const named = this.store.activeById(managerId);
    if (named && !mayApprove(named.role)) throw notManager();
    const manager = await this.pins.check(managerId, pin, {
      purpose: 'approve',
      actorId: me.staffId,
      detail: { call: act.call },
    });
    if (!mayApprove(manager.role)) throw notManager();
    // The person signed in may have changed while scrypt ran: the approval is for who asked.
    if (this.actorId() !== me.staffId) throw signedOut();
    this.approvals.grant(me.staffId, act.key, manager.staffId);
    this.logger.info('a manager approved one act', { managerId, call: act.call });
  }

  /**
   * The guard, before an act: who acts and who approved, or a StaffRefusal ('signed-out',
   * 'needs-manager', 'not-allowed'). The act's permissions come from the person's role, else
   * from a manager's approval of this very act for this person; `settle` spends the approval
   * only when the act succeeded, and writes the override with its outcome to the audit trail.
   */
  authorize(act: GuardedAct): StaffGrant {
    if (!this.pinsRequired()) return { actorId: null, approverId: null, settle: noApproval };
    const me = this.actor();
    if (!me) throw signedOut();
    const held = this.permissionsOf(me.role);
    const missing = act.needs.filter((permission) => !held.has(permission));
    if (missing.some((permission) => selfOnlyPermissions.has(permission))) throw selfOnly();
    if (act.turnsPinsOff) this.requireMayTurnPinsOff(me);
    if (missing.length === 0) return { actorId: me.staffId, approverId: null, settle: noApproval };
    const approval = this.approvals.take(me.staffId, act.key);
    // A manager removed, or whose role no longer allows it, since approving vouches for nothing.
    const approver = approval ? this.store.activeById(approval.managerId) : undefined;
    if (!approval || !approver || !act.needs.every((need) => this.holds(approver.role, need))) {
      if (approval) this.approvals.release(approval);
      throw new StaffRefusal(
        'needs-manager',
        'This needs a manager. Ask a manager for their PIN.',
        undefined,
        { action: missing[0], permissions: missing, approvers: this.approversOf(act.needs) },
      );
    }
    return {
      actorId: me.staffId,
      approverId: approver.staffId,
      settle: (failure) => {
        if (failure === null) this.approvals.spend(approval);
        else this.approvals.release(approval);
        const outcome =
          failure === null ? 'done' : failure === 'cancelled' ? 'cancelled' : 'failed';
        this.trail.append('manager-override', {
          actorId: me.staffId,
          approverId: approver.staffId,
          target: act.call,
          outcome,
          detail: {
            call: act.call,
            permissions: missing,
            object: act.object,
            outcome,
            ...(outcome === 'failed' ? { failure } : {}),
          },
        });
      },
    };
  }

  requireSignedIn(): void {
    if (this.pinsRequired() && !this.actor()) throw signedOut();
  }

  /** The cashier page was used: the auto-lock countdown starts again. */
  touch(): void {
    if (this.actor()) this.autoLock.restart(this.settings().autoLockMinutes);
  }

  audit(action: string, fields?: AuditFields): void {
    this.trail.append(action, fields);
  }

  auditEvents(): AuditEvent[] {
    return this.trail.events();
  }

  /** Re-reads settings: IT's managers synced, a session PINs-off or the policy ended is ended. */
  settingsChanged(): void {
    this.inTransaction(() =>
      syncProvisionedManagers({
        store: this.store,
        trail: this.trail,
        provisioned: this.settings().provisionedManagers,
        nowMs: this.now(),
        newStaffId: this.newStaffId,
        logger: this.logger,
      }),
    );
    if (this.signedInId !== null) {
      if (!this.pinsRequired()) this.endSession('sign-out', { reason: 'pins-off' });
      else if (!this.actor()) this.endSession('sign-out', { reason: 'removed' });
      else this.autoLock.restart(this.settings().autoLockMinutes);
    }
    this.changed();
  }

  stop(): void {
    this.autoLock.stop();
  }

  private pinsRequired(): boolean {
    return this.settings().staffPinsRequired;
  }

  private permissionsOf(role: StaffRole): ReadonlySet<Permission> {
    return permissionsOfRole(role, this.settings().staffRoles);
  }

  private holds(role: StaffRole, permission: Permission): boolean {
    return this.permissionsOf(role).has(permission);
  }

  /** Who on the list (but the person signed in) may approve an act that needs `needs`. */
  private approversOf(needs: readonly Permission[]): string[] {
    return this.store
      .active()
      .filter((row) => row.staffId !== this.signedInId)
      .filter((row) => needs.every((need) => this.holds(row.role, need)))
      .map((row) => row.staffId);
  }

  /**
   * Turning PINs off opens the till to anybody: only a manager (the role that may do
   * everything, not a role IT defines with `manage-staff`) may do it, and only as the one
   * manager, so no manager can take the till from the others; else it is IT's, in the policy.
   */
  private requireMayTurnPinsOff(me: Actor): void {
    if (me.role !== 'manager') {
      throw new StaffRefusal(
        'not-allowed',
        "Only a manager can turn staff PINs off (or IT's policy).",
      );
    }
    const others = this.store
      .active()
      .filter((row) => row.staffId !== me.staffId && row.role === 'manager');
    if (others.length > 0) {
      throw new StaffRefusal(
        'not-allowed',
        "Another manager is on the staff list: only IT's policy can turn staff PINs off.",
      );
    }
  }

  /**
   * Nobody gives a role more than they may do themself. With PINs off the implicit cashier may
   * do everything but this: once the till has had a manager, a manager is made by a manager
   * signed in or by IT's policy (the first manager is the very first run's, or IT's).
   */
  private requireMayGive(role: StaffRole): void {
    const me = this.actor();
    if (!me) {
      if (!this.pinsRequired() && role === 'manager' && this.store.hadManager()) {
        throw new StaffRefusal(
          'not-allowed',
          "Staff PINs are off: a manager is added by a manager signed in, or by IT's policy.",
        );
      }
      return;
    }
    const mine = this.permissionsOf(me.role);
    if ([...this.permissionsOf(role)].some((permission) => !mine.has(permission))) {
      throw new StaffRefusal(
        'not-allowed',
        'Only someone who may do all that this role may do can give it.',
      );
    }
  }

  /**
   * A PIN or a removal only for someone who may do no more than the person signed in; with
   * PINs off, never for a manager (a new PIN would hand that manager to whoever set it).
   */
  private requireMayChange(staffId: string): void {
    const row = this.store.activeById(staffId);
    if (!row) return;
    if (!this.pinsRequired() && row.role === 'manager') {
      throw new StaffRefusal(
        'not-allowed',
        "Staff PINs are off: a manager's PIN is changed, or a manager removed, by a manager signed in.",
      );
    }
    this.requireMayGive(row.role);
  }

  private now(): number {
    return this.clock.now();
  }

  private actorId(): string | null {
    return this.actor()?.staffId ?? null;
  }

  /**
   * The first manager is the very first run's: while nobody on the list may manage staff and
   * the list has never held a manager. Once it has (IT's managers and removed ones count), a
   * manager is added only by IT's policy or by a manager signed in.
   */
  private firstManagerStepOpen(): boolean {
    return (
      !this.store.hadManager() &&
      !this.store.active().some((row) => this.holds(row.role, 'manage-staff'))
    );
  }

  private requireFirstManagerStep(): void {
    if (this.session().needsFirstManager) return;
    const done = () =>
      new StaffRefusal('not-allowed', 'The first manager has already been set up.');
    if (this.store.active().some((row) => row.role === 'manager')) throw done();
    if (this.actor()) {
      throw new StaffRefusal(
        'not-allowed',
        'Someone is signed in: the first manager is set up at the sign-in screen.',
      );
    }
    if (this.pinsRequired() && this.store.hadManager()) {
      throw new StaffRefusal(
        'not-allowed',
        "This till had a manager: only IT's policy, or a manager signed in, can add one now.",
      );
    }
    throw done();
  }

  private startSession(staffId: string): void {
    if (this.signedInId !== null && this.signedInId !== staffId) {
      this.endSession('sign-out', { reason: 'someone else signed in' });
    }
    this.signedInId = staffId;
    this.autoLock.restart(this.settings().autoLockMinutes);
    this.logger.info('staff signed in', { staffId });
  }

  private endSession(action: 'sign-out' | 'auto-lock', detail?: Record<string, unknown>): void {
    const staffId = this.signedInId;
    if (staffId === null) return;
    this.signedInId = null;
    this.approvals.clear();
    this.autoLock.stop();
    this.trail.append(action, { actorId: staffId, ...(detail ? { detail } : {}) });
    this.logger.info(action === 'auto-lock' ? 'till locked after no use' : 'staff signed out', {
      staffId,
    });
  }

  private changed(): StaffSession {
    const session = this.session();
    for (const listener of [...this.listeners]) {
      try {
        listener(session);
      } catch (error) {
        this.logger.error('a staff session listener failed', { error: String(error) });
      }
    }
    return session;
  }
}

function signedOut(): StaffRefusal {
  return new StaffRefusal('signed-out', 'Sign in first.');
}

export function nothingToApprove(): StaffRefusal {
  return new StaffRefusal('not-allowed', 'That needs no manager: nothing to approve.');
}

/** Deciding who may do what is never lent: the person signed in must hold it. */
function selfOnly(): StaffRefusal {
  return new StaffRefusal(
    'not-allowed',
    'Only a manager signed in as themselves can change who may do what.',
  );
}

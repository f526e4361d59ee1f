import { randomUUID } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { Clock } from '../../shared/clock';
import type { Settings } from '../../shared/settings';
import type { GuardedAction, StaffMember, StaffRole, StaffSession } from '../../shared/staff';
import { transactionRunner, type InTransaction } from '../journal/sqlite-transaction';
import type { Logger } from '../logging/logger';
import { AuditTrail, type AuditEvent, type AuditFields } from './audit-trail';
import { AutoLock } from './auto-lock';
import { ManagerApprovals } from './manager-approvals';
import { PinChecks } from './pin-checks';
import { syncProvisionedManagers } from './provisioned-managers';
import { StaffRefusal } from './staff-errors';
import { StaffRoster } from './staff-roster';
import { StaffStore } from './staff-store';

export interface StaffServiceOptions {
  /** The journal's writer connection, migrations applied (tables staff and audit_events). */
  db: DatabaseSync;
  clock: Clock;
  settings: () => Settings;
  logger: Logger;
  newStaffId?: () => string;
}

type Actor = { staffId: string; name: string; role: StaffRole };

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
    this.trail = new AuditTrail(options.db, this.clock);
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
    return {
      pinsRequired,
      signedIn: this.actor(),
      needsFirstManager: pinsRequired && !active.some((row) => row.role === 'manager'),
      staff: active
        .map(({ staffId, name, role, source }) => ({ staffId, name, role, source }))
        .sort(byName),
    };
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
      target: staffId,
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
    const { staffId, name: clean } = await this.roster.add(name, role, pin);
    this.trail.append('staff-added', {
      actorId: this.actorId(),
      target: staffId,
      detail: { name: clean, role },
    });
    return this.changed();
  }

  async resetPin(staffId: string, pin: string): Promise<StaffSession> {
    await this.roster.resetPin(staffId, pin);
    this.trail.append('pin-reset', { actorId: this.actorId(), target: staffId });
    return this.changed();
  }

  removeStaff(staffId: string): StaffSession {
    const row = this.roster.remove(staffId);
    this.trail.append('staff-removed', {
      actorId: this.actorId(),
      target: staffId,
      detail: { name: row.name, role: row.role },
    });
    if (this.signedInId === staffId) this.endSession('sign-out', { reason: 'removed' });
    return this.changed();
  }

  /** A manager's PIN typed on the cashier's screen approves ONE guarded action for 2 minutes. */
  async approve(managerId: string, pin: string, action: GuardedAction): Promise<void> {
    const notManager = () =>
      new StaffRefusal('not-allowed', "Only a manager's PIN can approve this.");
    if (this.store.activeById(managerId)?.role === 'cashier') throw notManager();
    const manager = await this.pins.check(managerId, pin, {
      purpose: 'approve',
      actorId: this.actorId(),
      detail: { action },
    });
    if (manager.role !== 'manager') throw notManager();
    this.approvals.grant(manager.staffId, action);
    this.logger.info('a manager approved one action', { managerId, action });
  }

  /** The guard: who acted and who approved, or a StaffRefusal ('signed-out', 'needs-manager'). */
  authorize(action: GuardedAction): { actorId: string | null; approverId: string | null } {
    if (!this.pinsRequired()) return { actorId: null, approverId: null };
    const me = this.actor();
    if (!me) throw signedOut();
    if (me.role === 'manager') return { actorId: me.staffId, approverId: null };
    const approverId = this.approvals.consume(action);
    // A manager removed since approving no longer vouches for anything.
    if (approverId === null || this.store.activeById(approverId)?.role !== 'manager') {
      throw new StaffRefusal('needs-manager', 'This needs a manager. Ask a manager for their PIN.');
    }
    this.trail.append('manager-override', { actorId: me.staffId, approverId, target: action });
    return { actorId: me.staffId, approverId };
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

  private now(): number {
    return this.clock.now();
  }

  private actorId(): string | null {
    return this.actor()?.staffId ?? null;
  }

  private requireFirstManagerStep(): void {
    if (!this.session().needsFirstManager) {
      throw new StaffRefusal('not-allowed', 'The first manager has already been set up.');
    }
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

import type { SettingKey, Settings } from '../../shared/settings';
import type { SettingsService } from '../settings/settings-service';
import { shownSetting } from '../diagnostics/settings-allow-list';
import type { AuditFields } from './audit-trail';

/** Who a settings write is made for: the call's person and approver, and the call. */
export interface SettingsCause {
  actorId: string | null;
  approverId: string | null;
  /** The contract call that wrote. */
  via: string;
}

type Audit = (action: string, fields: AuditFields) => void;

/** The chain and asset the cashier picked last: the cashier's own taps, not a settings change. */
const cashierChoiceKeys: ReadonlySet<SettingKey> = new Set(['lastChainId', 'lastAsset']);
/** The fees a sale adds: written as 'fee-changed', so the audit view lists them with prices. */
const feeKeys: ReadonlySet<SettingKey> = new Set(['feeValue', 'feePercent', 'feeFixed']);
/** Written only by a connection change (with its token), which has a row of its own. */
const ADDRESS_KEY = 'serviceBaseUrl' satisfies SettingKey;

/** The keys' values as the audit trail may hold them: each one's secret cut out, as for a page. */
const pick = (values: Settings, keys: readonly SettingKey[]) =>
  Object.fromEntries(keys.map((key) => [key, shownSetting(key, values[key])]));

/**
 * Every change of a setting's effective value goes to the audit trail, with the keys, their
 * values before and after, and who: the person (and approving manager) of the call that wrote
 * (`by`), or IT's policy when no call did (a policy read again while the till runs). The
 * values are written as a page may see them (electron/diagnostics/settings-allow-list.ts: IT's
 * managers by name, addresses without their password, key or gateway path), then through the
 * trail's own scrubbing; the API token is never a setting. A connection change gets one row of
 * its own (`serviceChange`).
 */
export class SettingsAudit {
  private values: Settings;
  private cause: SettingsCause | null = null;
  private connecting = 0;
  private readonly stopListening: () => void;

  constructor(
    private readonly settings: Pick<SettingsService, 'current' | 'onChange'>,
    private readonly audit: Audit,
  ) {
    this.values = settings.current().values;
    this.stopListening = settings.onChange((effective, changed) =>
      this.changed(effective.values, changed),
    );
  }

  /** Runs a write (synchronous: the settings tell their listeners before it returns) for `cause`. */
  by<T>(cause: SettingsCause, write: () => T): T {
    const outer = this.cause;
    this.cause = cause;
    try {
      return write();
    } finally {
      this.cause = outer;
    }
  }

  /**
   * Connecting to a service or disconnecting: the address and the token change together, so
   * one row says both (the token as "saved" or "removed", never its value), once it succeeded.
   */
  async serviceChange<T>(
    cause: SettingsCause,
    change: 'connected' | 'disconnected',
    work: () => Promise<T>,
  ): Promise<T> {
    const before = this.address();
    this.connecting += 1;
    let result: T;
    try {
      result = await work();
    } finally {
      this.connecting -= 1;
    }
    this.audit('settings-changed', {
      actorId: cause.actorId,
      approverId: cause.approverId,
      object: { kind: 'payment service', id: ADDRESS_KEY },
      before: { [ADDRESS_KEY]: before },
      after: {
        [ADDRESS_KEY]: this.address(),
        apiToken: change === 'connected' ? 'saved for this address' : 'removed',
      },
      outcome: 'done',
      detail: { via: cause.via },
    });
    return result;
  }

  stop(): void {
    this.stopListening();
  }

  /** The service address in effect, as the trail may hold it. */
  private address(): string {
    return shownSetting(ADDRESS_KEY, this.settings.current().values[ADDRESS_KEY]);
  }

  private changed(values: Settings, changed: ReadonlySet<SettingKey>): void {
    const before = this.values;
    this.values = values;
    const keys = [...changed].filter(
      (key) => !cashierChoiceKeys.has(key) && !(key === ADDRESS_KEY && this.connecting > 0),
    );
    const fees = keys.filter((key) => feeKeys.has(key));
    const others = keys.filter((key) => !feeKeys.has(key));
    if (fees.length > 0) this.write('fee-changed', fees, before, values);
    if (others.length > 0) this.write('settings-changed', others, before, values);
  }

  private write(action: string, keys: SettingKey[], before: Settings, after: Settings): void {
    const cause = this.cause;
    this.audit(action, {
      actorId: cause?.actorId ?? null,
      approverId: cause?.approverId ?? null,
      object: { kind: 'settings', id: keys.join(', ') },
      before: pick(before, keys),
      after: pick(after, keys),
      reason: cause ? null : "IT's policy changed",
      outcome: 'done',
      detail: { via: cause?.via ?? 'it-policy' },
    });
  }
}

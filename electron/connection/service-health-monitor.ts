import {
  nextHealth,
  unknownHealth,
  type ServiceExchangeReport,
  type ServiceHealth,
} from '../../shared/service-health';

/** A success newer than this does not need telling again by itself ("last answer" in minutes). */
const RETELL_SUCCESS_AFTER_MS = 30_000;

/**
 * Follows what each request to the payment service came to and tells the cashier's status
 * bar when the picture changes: a new state, or a last success that moved on by
 * RETELL_SUCCESS_AFTER_MS. A sale's own requests are the probe: nothing extra is sent.
 */
export class ServiceHealthMonitor {
  private health: ServiceHealth = unknownHealth;
  private told: ServiceHealth = unknownHealth;

  constructor(private readonly tell: (health: ServiceHealth) => void) {}

  current(): ServiceHealth {
    return this.health;
  }

  record(report: ServiceExchangeReport): void {
    this.health = nextHealth(this.health, report);
    const sinceTold = (this.health.lastSuccessAtMs ?? 0) - (this.told.lastSuccessAtMs ?? 0);
    if (this.health.state !== this.told.state || sinceTold >= RETELL_SUCCESS_AFTER_MS) this.emit();
  }

  /** Another service (or demo mode) from now on: what was known of the last one is not. */
  reset(): void {
    this.health = unknownHealth;
    this.emit();
  }

  private emit(): void {
    this.told = this.health;
    this.tell(this.health);
  }
}

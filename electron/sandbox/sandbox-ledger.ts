import { randomUUID } from 'node:crypto';
import type { SandboxEndpoint } from './fault-rules';

/**
 * What the sandbox remembers: accepted orders, NFC payments and tokens, and every request
 * it received, so tests can assert on what the app really sent.
 */

export interface SandboxOrder {
  orderId: string;
  /** Canonical decimal text as accepted. */
  amount: string;
  feeValue: string;
  /** amount + fee_value: what the (unbent) link asks for. */
  total: string;
  asset: string;
  chainId: number;
  chainName: string;
  decimals: number;
  currency: string;
  serialNumber: string;
  /** The link as answered (after any `link` fault). */
  qrUrl: string;
  rateUsd: number;
  expireAt: string;
  expireAtMs: number;
  atMs: number;
}

export interface SandboxNfcPayment {
  orderId: string;
  amount: string;
  token: string;
  serialNumber: string;
  atMs: number;
}

export interface SandboxRequestRecord {
  method: string;
  /** null for a path under the base URL that is none of the four endpoints. */
  endpoint: SandboxEndpoint | null;
  /** Path and query as received. */
  url: string;
  /** Parsed JSON; the raw text when it was not JSON; undefined when empty. */
  body: unknown;
  /** The Authorization header as received (the sandbox's token is not a secret). */
  authorization: string | undefined;
  atMs: number;
}

interface Waiter {
  endpoint: SandboxEndpoint;
  count: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

export type TokenUse = 'accepted' | 'used' | 'unknown';

export class SandboxLedger {
  readonly orders: SandboxOrder[] = [];
  readonly nfcPayments: SandboxNfcPayment[] = [];
  private readonly orderIds = new Set<string>();
  private readonly issuedTokens = new Set<string>();
  private readonly usedTokens = new Set<string>();
  private records: SandboxRequestRecord[] = [];
  private readonly counts = new Map<SandboxEndpoint, number>();
  private waiters: Waiter[] = [];

  constructor(private readonly maxRecords: number) {}

  hasOrder(orderId: string): boolean {
    return this.orderIds.has(orderId);
  }

  addOrder(order: SandboxOrder): void {
    this.orderIds.add(order.orderId);
    this.orders.push(order);
  }

  issueToken(): string {
    const token = randomUUID();
    this.issuedTokens.add(token);
    return token;
  }

  /** Whether `token` (lower case) may pay now; does not use it up. */
  tokenState(token: string, acceptAny: boolean): TokenUse {
    if (this.usedTokens.has(token)) return 'used';
    if (this.issuedTokens.has(token) || acceptAny) return 'accepted';
    return 'unknown';
  }

  addNfcPayment(payment: SandboxNfcPayment): void {
    this.orderIds.add(payment.orderId);
    this.usedTokens.add(payment.token);
    this.issuedTokens.delete(payment.token);
    this.nfcPayments.push(payment);
  }

  record(entry: SandboxRequestRecord): void {
    this.records.push(entry);
    // Benchmarks send many requests: keep the newest, trimmed in batches to stay O(1) amortised.
    if (this.records.length > this.maxRecords + Math.ceil(this.maxRecords / 10)) {
      this.records = this.records.slice(-this.maxRecords);
    }
    if (entry.endpoint === null) return;
    const count = (this.counts.get(entry.endpoint) ?? 0) + 1;
    this.counts.set(entry.endpoint, count);
    if (this.waiters.length > 0) {
      this.waiters = this.waiters.filter((waiter) => {
        if (waiter.endpoint !== entry.endpoint || waiter.count > count) return true;
        waiter.resolve();
        return false;
      });
    }
  }

  requests(): SandboxRequestRecord[] {
    return this.records.slice(-this.maxRecords);
  }

  /** Counts every request ever received, including ones trimmed from requests(). */
  waitFor(endpoint: SandboxEndpoint, count: number): Promise<void> {
    if ((this.counts.get(endpoint) ?? 0) >= count) return Promise.resolve();
    return new Promise((resolve, reject) =>
      this.waiters.push({ endpoint, count, resolve, reject }),
    );
  }

  /** On close: nobody waits forever for a request that can no longer come. */
  rejectWaiters(): void {
    for (const waiter of this.waiters) {
      waiter.reject(
        new Error(`Sandbox closed before ${waiter.count} ${waiter.endpoint} request(s) arrived.`),
      );
    }
    this.waiters = [];
  }
}

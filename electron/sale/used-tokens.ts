/**
 * NFC tokens already submitted by this process (docs/payment-service.md: NFC payment). Kept in
 * memory only: a token is never written anywhere. Bounded so a till that runs for months
 * does not grow without end; wallets mint a new token per tap, so the repeats that matter
 * come seconds apart, far inside the bound.
 */
export class UsedTokens {
  private readonly seen = new Set<string>();

  constructor(private readonly capacity = 100_000) {}

  has(token: string): boolean {
    return this.seen.has(token);
  }

  add(token: string): void {
    this.seen.add(token);
    if (this.seen.size > this.capacity) {
      const oldest = this.seen.values().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
  }
}

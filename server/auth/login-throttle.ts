/**
 * Failed-login limits in sliding windows, kept in memory (the server is one process; a restart
 * forgets them, which only ever helps a legitimate user). Three keys: the account from one address
 * (the tight limit, so a stranger's five wrong guesses cannot lock the real admin out from their own
 * tablet), the account from anywhere (a looser cap on guessing spread over many addresses), and the
 * address (one client trying many emails). A success clears the account's failures and does not count.
 */
export interface ThrottleLimits {
  windowMs: number;
  perAccountAndAddress: number;
  perAccount: number;
  perAddress: number;
}

export const LOGIN_LIMITS: ThrottleLimits = {
  windowMs: 15 * 60 * 1000,
  perAccountAndAddress: 5,
  perAccount: 50,
  perAddress: 20,
};

/**
 * For a device or address the account has signed in from (trusted-login.ts): its own few tries,
 * never the account-wide cap that strangers' guesses fill.
 */
export const TRUSTED_CLIENT_LIMITS: ThrottleLimits = {
  windowMs: 15 * 60 * 1000,
  perAccountAndAddress: 10,
  perAccount: Number.POSITIVE_INFINITY,
  perAddress: Number.POSITIVE_INFINITY,
};

/** Past this many tracked keys, windows that have fully expired are swept. */
const SWEEP_THRESHOLD = 10_000;

export class LoginThrottle {
  private readonly accountsFromAddress = new Map<string, number[]>();
  private readonly accounts = new Map<string, number[]>();
  private readonly addresses = new Map<string, number[]>();

  constructor(
    private readonly now: () => number,
    private readonly limits: ThrottleLimits = LOGIN_LIMITS,
  ) {}

  /**
   * Starts an attempt: the seconds to wait when either window is full, otherwise 0 after counting
   * the attempt as a failure in both windows up front, so a burst of parallel guesses cannot all
   * pass the check before the first of them has failed. `succeeded` takes it back.
   */
  attempt(account: string, address: string): { retryAfterSeconds: number; at: number } {
    const now = this.now();
    const pair = `${account}\u0000${address}`;
    const retryAfterSeconds = Math.max(
      this.wait(this.accountsFromAddress, pair, this.limits.perAccountAndAddress, now),
      this.wait(this.accounts, account, this.limits.perAccount, now),
      this.wait(this.addresses, address, this.limits.perAddress, now),
    );
    if (retryAfterSeconds === 0) {
      this.push(this.accountsFromAddress, pair, this.limits.perAccountAndAddress, now);
      this.push(this.accounts, account, this.limits.perAccount, now);
      this.push(this.addresses, address, this.limits.perAddress, now);
    }
    return { retryAfterSeconds, at: now };
  }

  /** A correct password: the account starts afresh and this attempt leaves the address's count. */
  succeeded(account: string, address: string, at: number): void {
    this.accounts.delete(account);
    this.accountsFromAddress.delete(`${account}\u0000${address}`);
    const times = this.addresses.get(address);
    const index = times?.indexOf(at) ?? -1;
    if (times && index >= 0) times.splice(index, 1);
  }

  private wait(map: Map<string, number[]>, key: string, limit: number, now: number): number {
    const recent = this.recent(map, key, now);
    if (recent.length < limit) return 0;
    // The window reopens when the oldest failure that keeps it full drops out of it.
    const reopensAt = recent[recent.length - limit] + this.limits.windowMs;
    return Math.max(1, Math.ceil((reopensAt - now) / 1000));
  }

  private push(map: Map<string, number[]>, key: string, limit: number, now: number): void {
    const recent = this.recent(map, key, now);
    recent.push(now);
    // Only the newest `limit` failures decide anything; older ones need not be kept.
    map.set(key, recent.slice(-limit));
    if (map.size > SWEEP_THRESHOLD) this.sweep(map, now);
  }

  private recent(map: Map<string, number[]>, key: string, now: number): number[] {
    const times = map.get(key) ?? [];
    return times.filter((at) => now - at < this.limits.windowMs);
  }

  private sweep(map: Map<string, number[]>, now: number): void {
    for (const [key, times] of map) {
      if (times.every((at) => now - at >= this.limits.windowMs)) map.delete(key);
    }
  }
}

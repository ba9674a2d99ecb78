import type { AppContext } from '../app-context';
import { rateLimitStoreFor } from '../limits/anonymous-limits';
import { createRateLimit, type RateLimitStore } from '../limits/rate-limit';
import { LoginThrottle, type ThrottleLimits } from './login-throttle';

/** Failed-login limits as the login route uses them, whichever store keeps the counts. */
export interface LoginLimiter {
  /** Counts an attempt up front; the seconds to wait when a window is full, else 0. */
  attempt(account: string, client: string): Promise<{ retryAfterSeconds: number; at: number }>;
  /** A correct password: the account's failures and this attempt are taken back. */
  succeeded(account: string, client: string, at: number): Promise<void>;
}

/**
 * One process (SQLite): the sliding windows of login-throttle.ts in memory. Several processes
 * (PostgreSQL): the same three counts in rate-limiter-flexible's PostgreSQL store, so a guesser
 * gets no more tries by reaching another process (design.md §8). Its windows are fixed rather
 * than sliding; an attempt over the limit counts too, without extending the window.
 */
export function createLoginLimiter(app: AppContext, name: string, limits: ThrottleLimits): LoginLimiter {
  const store = rateLimitStoreFor(app);
  return store.kind === 'memory' ? inMemory(new LoginThrottle(app.now, limits)) : shared(app, name, limits, store);
}

function inMemory(throttle: LoginThrottle): LoginLimiter {
  return {
    attempt: async (account, client) => throttle.attempt(account, client),
    succeeded: async (account, client, at) => throttle.succeeded(account, client, at),
  };
}

function shared(app: AppContext, name: string, limits: ThrottleLimits, store: RateLimitStore): LoginLimiter {
  const windowSeconds = Math.ceil(limits.windowMs / 1000);
  const limit = (suffix: string, points: number) => (Number.isFinite(points) ? createRateLimit({ name: `${name}-${suffix}`, points, windowSeconds, store }) : null);
  const pair = limit('pair', limits.perAccountAndAddress);
  const account = limit('account', limits.perAccount);
  const address = limit('address', limits.perAddress);
  const pairKey = (accountKey: string, client: string) => `${accountKey}\u0000${client}`;
  return {
    async attempt(accountKey, client) {
      const waits = await Promise.all([pair?.consume(pairKey(accountKey, client)), account?.consume(accountKey), address?.consume(client)]);
      return { retryAfterSeconds: Math.max(0, ...waits.map((wait) => wait ?? 0)), at: app.now() };
    },
    async succeeded(accountKey, client) {
      await Promise.all([pair?.reset(pairKey(accountKey, client)), account?.reset(accountKey), address?.reward(client, 1)]);
    },
  };
}

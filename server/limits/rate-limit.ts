import type { Context, Next } from 'koa';
import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { tooManyRequests } from '../errors/http-error';

/**
 * Per-client limits for endpoints anyone may call (design.md §8), on rate-limiter-flexible so the
 * counting is the library's, not ours. One interface for every limit, so the store behind it can
 * change in one place without touching the routes that use it: memory for the single SQLite
 * process, PostgreSQL (the library's store, table `rate_limits`) when several processes share one
 * database, so a client's budget holds across them.
 */
export interface RateLimit {
  /** Counts `points` against `key`; resolves the seconds to wait when the limit is already used up, else 0. */
  consume(key: string, points?: number): Promise<number>;
  /** Takes back what `key` counted (a correct answer after failures, say). */
  reset(key: string): Promise<void>;
  /** Takes back `points` of what `key` counted. */
  reward(key: string, points?: number): Promise<void>;
  /** The seconds `key` must wait now, without counting anything. */
  waitFor(key: string): Promise<number>;
  /** The longest of `keys`' waits now. */
  waitForAny(keys: readonly string[]): Promise<number>;
  /**
   * Counts one point against each of `keys` before the work it limits, each count one atomic
   * statement of the store, so concurrent reservations can never pass the limit together. Resolves
   * 0 when all fit, else the longest wait, having given back every point it counted.
   */
  reserve(keys: readonly string[]): Promise<number>;
}

export interface RateLimitOptions {
  /** Distinguishes limits that share a store. */
  name: string;
  /** How many points a key may use within `windowSeconds`. */
  points: number;
  windowSeconds: number;
  /** Where counts live; memory unless given a PostgreSQL pool. */
  store?: RateLimitStore;
}

export type RateLimitStore = { kind: 'memory' } | { kind: 'postgres'; pool: Pool };

/** The library's table on PostgreSQL. */
const TABLE = 'rate_limits';

export function createRateLimit(options: RateLimitOptions): RateLimit {
  const base = { keyPrefix: options.name, points: options.points, duration: options.windowSeconds };
  const limiter: RateLimiterAbstract =
    options.store?.kind === 'postgres'
      ? new RateLimiterPostgres({
          ...base,
          storeClient: options.store.pool,
          storeType: 'pool',
          tableName: TABLE,
          // Created by the migrations (2026-11-24T0300_hardening).
          tableCreated: true,
          // While PostgreSQL does not answer, each process limits on its own rather than failing requests.
          insuranceLimiter: new RateLimiterMemory(base),
        })
      : new RateLimiterMemory(base);
  const waitFor = async (key: string) => {
    const state = await limiter.get(storeKey(key));
    return state && state.consumedPoints >= options.points ? secondsOf(state.msBeforeNext) : 0;
  };
  const consume = async (key: string, points = 1) => {
    try {
      await limiter.consume(storeKey(key), points);
      return 0;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return secondsOf(rejection.msBeforeNext);
      throw rejection;
    }
  };
  const reward = async (key: string, points = 1) => {
    await limiter.reward(storeKey(key), points);
  };
  return {
    consume,
    async reset(key) {
      await limiter.delete(storeKey(key));
    },
    reward,
    waitFor,
    async reserve(keys) {
      const waits = await Promise.all(keys.map((key) => consume(key)));
      const longest = Math.max(0, ...waits);
      // A refused reservation counts nothing, or a burst of refusals would keep the key closed after its window.
      if (longest > 0) await Promise.all(keys.map((key) => reward(key)));
      return longest;
    },
    async waitForAny(keys) {
      return Math.max(0, ...(await Promise.all(keys.map(waitFor))));
    },
  };
}

/** Keys as the stores take them: an email with an address can pass PostgreSQL's 255 characters, and NUL is not text there. */
function storeKey(key: string): string {
  return key.length <= 200 && !key.includes('\u0000') ? key : `sha256:${createHash('sha256').update(key).digest('base64url')}`;
}

/** Retry-After for a refused key: whole seconds, at least one. */
function secondsOf(msBeforeNext: number): number {
  return Math.max(1, Math.ceil(msBeforeNext / 1000));
}

/** Throws the 429 of spec.md §8 with `Retry-After` when `seconds` is positive. */
export function refuseWhenLimited(ctx: Context, seconds: number): void {
  if (seconds <= 0) return;
  ctx.set('Retry-After', String(seconds));
  throw tooManyRequests();
}

/** Middleware counting one request per client address against `limit`. */
export function limitByAddress(limit: RateLimit) {
  return async function limitedByAddress(ctx: Context, next: Next) {
    refuseWhenLimited(ctx, await limit.consume(ctx.ip));
    return next();
  };
}

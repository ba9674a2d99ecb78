import type { Context, Next } from 'koa';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../errors/http-error';

/**
 * Per-client limits for endpoints anyone may call (design.md §8), on rate-limiter-flexible so the
 * counting is the library's, not ours. One interface for every limit, so the store behind it (memory
 * today) can change in one place without touching the routes that use it.
 */
export interface RateLimit {
  /** Counts `points` against `key`; resolves the seconds to wait when the limit is already used up, else 0. */
  consume(key: string, points?: number): Promise<number>;
  /** Takes back what `key` counted (a correct answer after failures, say). */
  reset(key: string): Promise<void>;
  /** The seconds `key` must wait now, without counting anything. */
  waitFor(key: string): Promise<number>;
}

export interface RateLimitOptions {
  /** Distinguishes limits that share a store. */
  name: string;
  /** How many points a key may use within `windowSeconds`. */
  points: number;
  windowSeconds: number;
}

export function createRateLimit(options: RateLimitOptions): RateLimit {
  const limiter = new RateLimiterMemory({ keyPrefix: options.name, points: options.points, duration: options.windowSeconds });
  return {
    async consume(key, points = 1) {
      try {
        await limiter.consume(key, points);
        return 0;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return secondsOf(rejection);
        throw rejection;
      }
    },
    async reset(key) {
      await limiter.delete(key);
    },
    async waitFor(key) {
      const state = await limiter.get(key);
      return state && state.consumedPoints >= options.points ? secondsOf(state) : 0;
    },
  };
}

function secondsOf(state: RateLimiterRes): number {
  return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
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

import type { AppContext } from '../app-context';
import { postgresPoolOf } from '../db/database';
import { createRateLimit, type RateLimit, type RateLimitStore } from './rate-limit';

/**
 * The per-address budgets of the endpoints anyone may write to (design.md §8). Generous for a real
 * shopper or browser (a page error is reported once, a visit once a day), tight for a script: 300
 * reports or visitors in 3 s from one address was the finding.
 */
export const ANONYMOUS_LIMITS = {
  errorReports: { points: 10, windowSeconds: 60 },
  analyticsEvents: { points: 60, windowSeconds: 60 },
  /** New visitor ids one address may add to the visitor count per day; more visits are accepted, not counted. */
  newVisitors: { points: 20, windowSeconds: 24 * 60 * 60 },
  register: { points: 10, windowSeconds: 60 * 60 },
  setup: { points: 10, windowSeconds: 15 * 60 },
} as const;

export type AnonymousLimitName = keyof typeof ANONYMOUS_LIMITS;

const byApp = new WeakMap<AppContext, Record<AnonymousLimitName, RateLimit>>();

/** The limits of one app, so each test server starts with fresh counts. */
export function anonymousLimitsOf(app: AppContext): Record<AnonymousLimitName, RateLimit> {
  let limits = byApp.get(app);
  if (!limits) {
    const store = rateLimitStoreFor(app);
    const entries = Object.entries(ANONYMOUS_LIMITS).map(([name, budget]) => [name, createRateLimit({ name, ...budget, store })]);
    limits = Object.fromEntries(entries) as Record<AnonymousLimitName, RateLimit>;
    byApp.set(app, limits);
  }
  return limits;
}

/**
 * Where an app's limits keep their counts: shared through PostgreSQL when several processes share
 * one database (design.md §8), in memory for the single SQLite process. For any limit created with
 * createRateLimit (order lookup too): `createRateLimit({ ..., store: rateLimitStoreFor(app) })`.
 */
export function rateLimitStoreFor(app: AppContext): RateLimitStore {
  const pool = postgresPoolOf(app.db);
  return pool ? { kind: 'postgres', pool } : { kind: 'memory' };
}

import type { AppContext } from '../app-context';
import { deleteAppliedMutationsBefore } from './sync.repository';
import { deleteAnswersBefore } from '../idempotency/idempotency.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long the records that answer a replay are kept (docs/decisions.md):
 * - an Idempotency-Key's stored answer, 7 days: clients retry within seconds or minutes (the
 *   checkout's retries, a reload of the admin screen), and Stripe itself keeps keys for 24 hours;
 * - an applied sync mutation's id, 180 days: the admin's outbox has no expiry, so the window must
 *   outlast any tablet left offline. Past it a replay still cannot apply twice (it carries its
 *   base version, which the order has left), it is only answered `conflict` or `applied` instead
 *   of `duplicate`.
 */
export const REPLAY_RETENTION = { idempotencyKeysMs: 7 * DAY_MS, appliedMutationsMs: 180 * DAY_MS } as const;

/** How often a running process prunes (it also prunes at start-up). */
export const REPLAY_PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** Deletes the replay records older than their window, as of the app's clock. */
export async function pruneReplayRecords(app: AppContext): Promise<{ idempotencyKeys: number; appliedMutations: number }> {
  const now = app.now();
  const idempotencyKeys = await deleteAnswersBefore(app.db, now - REPLAY_RETENTION.idempotencyKeysMs);
  const appliedMutations = await deleteAppliedMutationsBefore(app.db, now - REPLAY_RETENTION.appliedMutationsMs);
  if (idempotencyKeys || appliedMutations) app.logger.info('pruned replay records', { idempotencyKeys, appliedMutations });
  return { idempotencyKeys, appliedMutations };
}

/**
 * Prunes at start-up and then every hour; resolves with the function that stops it. Each process
 * of a PostgreSQL shop runs it: the deletes are idempotent, so no process needs to lead.
 */
export async function startReplayPruning(app: AppContext): Promise<() => void> {
  await pruneReplayRecords(app);
  const timer = setInterval(() => {
    pruneReplayRecords(app).catch((error: unknown) => app.logger.warn('pruning replay records failed', { error: String(error) }));
  }, REPLAY_PRUNE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

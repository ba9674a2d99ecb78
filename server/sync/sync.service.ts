import type { User } from '../../shared/api/types';
import { isOrderStatus } from '../../shared/order-status';
import { unknownStatusMessage } from '../../shared/schemas/orders-query';
import type { SyncMutationInput } from '../../shared/schemas/sync';
import type { SyncMutationResult, SyncPullResponse } from '../../shared/sync';
import type { AppContext } from '../app-context';
import { answerOnce, singleFlight, type AnswerStore } from '../idempotency/idempotency';
import { inControlledTransaction, inSavepoint, lockUntilCommit, type Trx } from '../db/transaction';
import { mailQueueingOf } from '../mail/mail-outbox';
import { findOrderById } from '../orders/order.repository';
import { actorOf, adminViewOf, changeOrderStatus, toAdminViews } from '../orders/order.service';
import { findAppliedMutation, listChangedSince, recordAppliedMutation } from './sync.repository';

/**
 * One page of changes after the cursor. The cursor is the change sequence of the last order sent:
 * every change takes a new sequence number in its own transaction, and a page ends where every
 * number is settled (sync.repository.ts), so a client that keeps pulling with the returned cursor
 * sees every order's latest state and never misses a change.
 */
export async function pullChanges(app: AppContext, since: number, limit: number): Promise<SyncPullResponse> {
  const rows = await listChangedSince(app.db, since, limit + 1);
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;
  const cursor = page.length ? page[page.length - 1].change_seq : since;
  return { orders: await toAdminViews(app.db, page), cursor: String(cursor), hasMore };
}

/**
 * Where a push's answers are kept: the ids of applied mutations with the version each left behind.
 * A replayed id is answered `duplicate` with that version (`appliedVersion`) and the order as it is
 * now: the client rebases its later changes onto its own version only, so a newer change by another
 * device turns them into conflicts (design.md §4). Only applied mutations are recorded: a conflict
 * or an invalid one changed nothing and may be sent again (same id) once the admin has decided.
 */
function appliedMutations(user: User): AnswerStore<SyncMutationResult> {
  return {
    async find(db, { key: id }) {
      const seen = await findAppliedMutation(db, id);
      if (!seen) return undefined;
      const order = await findOrderById(db, seen.order_id);
      const appliedVersion = seen.applied_version === null ? {} : { appliedVersion: Number(seen.applied_version) };
      return { answer: { id, result: 'duplicate', ...appliedVersion, ...(order ? { order: await adminViewOf(db, order) } : {}) } };
    },
    async save(trx, { key: id }, answer, now) {
      if (answer.result !== 'applied' || !answer.order) return;
      await recordAppliedMutation(trx, { id, orderId: answer.order.id, userId: user.id, result: 'applied', at: now, appliedVersion: answer.order.version });
    },
  };
}

/** Applies one mutation inside the push's transaction. */
async function applyMutation(trx: Trx, app: AppContext, user: User, mutation: SyncMutationInput): Promise<SyncMutationResult> {
  const { id } = mutation;
  if (!isOrderStatus(mutation.status)) return { id, result: 'invalid', error: unknownStatusMessage(mutation.status) };
  const outcome = await changeOrderStatus(trx, {
    orderId: mutation.orderId,
    status: mutation.status,
    trackingNumber: mutation.trackingNumber,
    actor: actorOf(user),
    source: 'sync',
    mutationId: id,
    expectedVersion: { version: mutation.baseVersion, policy: 'unlessSameStatus' },
    now: app.now(),
    mail: mailQueueingOf(app.config),
  });
  if (outcome.kind === 'not_found') return { id, result: 'invalid', error: 'Order not found.' };
  const order = await adminViewOf(trx, outcome.order);
  if (outcome.kind === 'conflict') return { id, result: 'conflict', order };
  return { id, result: 'applied', appliedVersion: order.version, order };
}

const APPLY_FAILED = 'This change could not be applied. Please try again.';

/**
 * Applies a whole push in ONE transaction (one fsync for up to 500 changes, design.md §4), each
 * mutation once per id (its answer store: `appliedMutations`) inside its own savepoint: one
 * mutation's failure never undoes another's success, and results come back in the order of the
 * mutations. Pushes of one admin run one after another, in this process and across processes, so
 * two tabs replaying the same outbox see each other's applied ids.
 */
export async function pushMutations(app: AppContext, user: User, mutations: SyncMutationInput[]): Promise<{ results: SyncMutationResult[] }> {
  const pushOf = `sync-push:${user.id}`;
  const store = appliedMutations(user);
  const pushed = await singleFlight(pushOf, () =>
    inControlledTransaction(app.db, async (trx) => {
      await lockUntilCommit(trx, pushOf);
      const results: SyncMutationResult[] = [];
      for (const [index, mutation] of mutations.entries()) {
        // A mutation id names one change: a replay is a duplicate whatever its body (design.md §4).
        const request = { scope: 'sync-mutation', key: mutation.id, requestHash: '' };
        try {
          results.push(await inSavepoint(trx, `mutation_${index}`, (inner) => answerOnce(inner, request, store, app.now, (work) => applyMutation(work, app, user, mutation))));
        } catch (error) {
          app.logger.error('sync mutation failed', { mutationId: mutation.id, err: String(error) });
          results.push({ id: mutation.id, result: 'invalid', error: APPLY_FAILED });
        }
      }
      return { results };
    }),
  );
  app.metrics.syncPushes.inc();
  for (const { result } of pushed.results) app.metrics.syncMutations.inc({ result });
  return pushed;
}

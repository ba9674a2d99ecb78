import type { User } from '../../shared/api/types';
import { isOrderStatus } from '../../shared/order-status';
import { unknownStatusMessage } from '../../shared/schemas/orders-query';
import type { SyncMutationInput } from '../../shared/schemas/sync';
import type { SyncMutationResult, SyncPullResponse } from '../../shared/sync';
import type { AppContext } from '../app-context';
import { lockKey, singleFlight } from '../idempotency/idempotency';
import { mailQueueingOf } from '../mail/mail-outbox';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { findOrderById } from '../orders/order.repository';
import { actorOf, adminViewOf, changeOrderStatus, toAdminViews } from '../orders/order.service';
import { findAppliedMutation, listChangedSince, recordAppliedMutation } from './sync.repository';

/**
 * One page of changes after the cursor. The cursor is the change sequence of the last order sent:
 * every change takes a new sequence number in its own transaction, so a client that keeps pulling
 * with the returned cursor sees every order's latest state and never misses a change.
 */
export async function pullChanges(app: AppContext, since: number, limit: number): Promise<SyncPullResponse> {
  const rows = await listChangedSince(app.db, since, limit + 1);
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;
  const cursor = page.length ? page[page.length - 1].change_seq : since;
  return { orders: await toAdminViews(app.db, page), cursor: String(cursor), hasMore };
}

/** Applies one mutation inside the push's transaction, recording its id in that same transaction. */
async function applyMutation(trx: Transaction<Database>, app: AppContext, user: User, mutation: SyncMutationInput): Promise<SyncMutationResult> {
  const { id } = mutation;
  const seen = await findAppliedMutation(trx, id);
  if (seen) {
    const order = await findOrderById(trx, seen.order_id);
    return { id, result: 'duplicate', ...(order ? { order: await adminViewOf(trx, order) } : {}) };
  }
  if (!isOrderStatus(mutation.status)) return { id, result: 'invalid', error: unknownStatusMessage(mutation.status) };
  const now = app.now();
  const outcome = await changeOrderStatus(trx, {
    orderId: mutation.orderId,
    status: mutation.status,
    trackingNumber: mutation.trackingNumber,
    actor: actorOf(user),
    source: 'sync',
    mutationId: id,
    expectedVersion: { version: mutation.baseVersion, policy: 'unlessSameStatus' },
    now,
    mail: mailQueueingOf(app.config),
  });
  if (outcome.kind === 'not_found') return { id, result: 'invalid', error: 'Order not found.' };
  const order = await adminViewOf(trx, outcome.order);
  if (outcome.kind === 'conflict') return { id, result: 'conflict', order };
  // Only applied mutations are recorded: a conflict or invalid one changed nothing and may be
  // sent again (with the same id) once the admin has decided what to do with it.
  await recordAppliedMutation(trx, { id, orderId: mutation.orderId, userId: user.id, result: 'applied', at: now });
  return { id, result: 'applied', order };
}

const APPLY_FAILED = 'This change could not be applied. Please try again.';

/**
 * Applies a whole push in ONE transaction (one fsync for up to 500 changes, design.md §4), each
 * mutation inside its own savepoint: one mutation's failure never undoes another's success, and
 * results come back in the order of the mutations. Pushes of one admin run one after another, in
 * this process and across processes, so two tabs replaying the same outbox see each other's applied ids.
 */
export async function pushMutations(app: AppContext, user: User, mutations: SyncMutationInput[]): Promise<SyncMutationResult[]> {
  return singleFlight(`sync-push:${user.id}`, async () => {
    const trx = await app.db.startTransaction().execute();
    const results: SyncMutationResult[] = [];
    try {
      await lockKey(trx, `sync-push:${user.id}`);
      for (const [index, mutation] of mutations.entries()) {
        const name = `mutation_${index}`;
        const inSavepoint = await trx.savepoint(name).execute();
        try {
          results.push(await applyMutation(inSavepoint, app, user, mutation));
          await inSavepoint.releaseSavepoint(name).execute();
        } catch (error) {
          await inSavepoint.rollbackToSavepoint(name).execute();
          await inSavepoint.releaseSavepoint(name).execute();
          app.logger.error('sync mutation failed', { mutationId: mutation.id, err: String(error) });
          results.push({ id: mutation.id, result: 'invalid', error: APPLY_FAILED });
        }
      }
      await trx.commit().execute();
    } catch (error) {
      await trx.rollback().execute().catch(() => undefined);
      throw error;
    }
    return results;
  });
}

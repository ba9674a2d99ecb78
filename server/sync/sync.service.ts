import type { User } from '../../shared/api/types';
import { isOrderStatus } from '../../shared/order-status';
import { unknownStatusMessage } from '../../shared/schemas/orders-query';
import type { SyncMutationInput } from '../../shared/schemas/sync';
import type { SyncMutationResult, SyncPullResponse } from '../../shared/sync';
import type { AppContext } from '../app-context';
import { singleFlight } from '../idempotency/idempotency';
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

/** Applies one mutation in its own transaction, recording its id in the same transaction. */
async function applyMutation(app: AppContext, user: User, mutation: SyncMutationInput): Promise<SyncMutationResult> {
  const { id } = mutation;
  return app.db.transaction().execute(async (trx): Promise<SyncMutationResult> => {
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
    });
    if (outcome.kind === 'not_found') return { id, result: 'invalid', error: 'Order not found.' };
    const order = await adminViewOf(trx, outcome.order);
    if (outcome.kind === 'conflict') return { id, result: 'conflict', order };
    // Only applied mutations are recorded: a conflict or invalid one changed nothing and may be
    // sent again (with the same id) once the admin has decided what to do with it.
    await recordAppliedMutation(trx, { id, orderId: mutation.orderId, userId: user.id, result: 'applied', at: now });
    return { id, result: 'applied', order };
  });
}

/** Results in the order of the mutations; one mutation's failure never undoes another's success. */
export async function pushMutations(app: AppContext, user: User, mutations: SyncMutationInput[]): Promise<SyncMutationResult[]> {
  const results: SyncMutationResult[] = [];
  for (const mutation of mutations) {
    results.push(await singleFlight(`sync-mutation:${mutation.id}`, () => applyMutation(app, user, mutation)));
  }
  return results;
}

import type { Db } from '../db/database';
import { isPostgres } from '../db/dialect';
import type { DbOrTrx } from '../db/transaction';
import { changeHorizon } from '../orders/change-sequence.repository';
import type { OrderRow } from '../orders/order.table';

/**
 * Orders whose last change came after `since`, in change order, up to the change horizon on
 * PostgreSQL (change-sequence.repository.ts): a number above it may still belong to a transaction
 * under way, and a later page would then skip that change. SQLite's numbers are settled as they show.
 */
export async function listChangedSince(db: Db, since: number, limit: number): Promise<OrderRow[]> {
  let query = db.selectFrom('orders').selectAll().where('change_seq', '>', since);
  if (isPostgres(db)) query = query.where('change_seq', '<=', await changeHorizon(db));
  return query.orderBy('change_seq').limit(limit).execute();
}

export async function findAppliedMutation(db: DbOrTrx, id: string) {
  return db.selectFrom('applied_mutations').select(['id', 'order_id', 'applied_version']).where('id', '=', id).executeTakeFirst();
}

export async function recordAppliedMutation(
  db: DbOrTrx,
  entry: { id: string; orderId: string; userId: number; result: string; at: number; appliedVersion: number },
): Promise<void> {
  await db
    .insertInto('applied_mutations')
    .values({ id: entry.id, order_id: entry.orderId, user_id: entry.userId, result: entry.result, applied_at: entry.at, applied_version: entry.appliedVersion })
    .execute();
}

/** Deletes the records of mutations applied before `cutoff` (epoch ms); resolves with how many went. */
export async function deleteAppliedMutationsBefore(db: DbOrTrx, cutoff: number): Promise<number> {
  const result = await db.deleteFrom('applied_mutations').where('applied_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Which orders changed after `since` (id, version and change number), up to `horizon`, in change order. */
export async function listChangeMarks(db: Db, since: number, horizon: number, limit: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'version', 'change_seq'])
    .where('change_seq', '>', since)
    .where('change_seq', '<=', horizon)
    .orderBy('change_seq')
    .limit(limit)
    .execute();
}

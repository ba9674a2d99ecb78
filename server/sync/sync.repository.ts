import type { DbOrTrx } from '../db/transaction';
import type { OrderRow } from '../orders/order.table';

/** Orders whose last change came after `since`, in change order. */
export async function listChangedSince(db: DbOrTrx, since: number, limit: number): Promise<OrderRow[]> {
  return db.selectFrom('orders').selectAll().where('change_seq', '>', since).orderBy('change_seq').limit(limit).execute();
}

export async function findAppliedMutation(db: DbOrTrx, id: string) {
  return db.selectFrom('applied_mutations').select(['id', 'order_id']).where('id', '=', id).executeTakeFirst();
}

export async function recordAppliedMutation(
  db: DbOrTrx,
  entry: { id: string; orderId: string; userId: number; result: string; at: number },
): Promise<void> {
  await db
    .insertInto('applied_mutations')
    .values({ id: entry.id, order_id: entry.orderId, user_id: entry.userId, result: entry.result, applied_at: entry.at })
    .execute();
}

/** Deletes the records of mutations applied before `cutoff` (epoch ms); resolves with how many went. */
export async function deleteAppliedMutationsBefore(db: DbOrTrx, cutoff: number): Promise<number> {
  const result = await db.deleteFrom('applied_mutations').where('applied_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

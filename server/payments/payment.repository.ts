import { sql } from 'kysely';
import { isPostgres } from '../db/dialect';
import { insertRows, updateRowsByKey } from '../db/multi-row';
import { insertRow, precompile } from '../db/precompiled';
import type { DbOrTrx } from '../db/transaction';
import type { PaymentIntentRow, PaymentIntentTable } from './payment.table';

/** Inserts the intent unless its id or idempotency key is already stored; true when inserted. */
export async function insertPaymentIntent(trx: DbOrTrx, row: PaymentIntentTable): Promise<boolean> {
  return insertRow(trx, 'payment_intents', row, { ignoreConflict: true });
}

/** Stores the record unless its key is taken: null when stored, else the record already under the key. */
export async function insertPaymentIntentOrFindKey(trx: DbOrTrx, row: PaymentIntentTable): Promise<PaymentIntentRow | null> {
  if (await insertPaymentIntent(trx, row)) return null;
  return (await findPaymentIntentByKey(trx, row.idempotency_key!)) ?? (await findPaymentIntent(trx, row.id))!;
}

/** insertPaymentIntentOrFindKey for many records (one insert on PostgreSQL), answers in order. */
export async function insertPaymentIntentsOrFindKeys(trx: DbOrTrx, rows: PaymentIntentTable[]): Promise<(PaymentIntentRow | null)[]> {
  if (rows.length === 1 || !isPostgres(trx)) {
    const found: (PaymentIntentRow | null)[] = [];
    for (const row of rows) found.push(await insertPaymentIntentOrFindKey(trx, row));
    return found;
  }
  const inserted = new Set(await insertRows(trx, 'payment_intents', rows, { ignoreConflict: true, returning: 'id' }));
  const found: (PaymentIntentRow | null)[] = [];
  for (const row of rows) {
    found.push(inserted.has(row.id) ? null : ((await findPaymentIntentByKey(trx, row.idempotency_key!)) ?? (await findPaymentIntent(trx, row.id))!));
  }
  return found;
}

export async function findPaymentIntent(db: DbOrTrx, id: string): Promise<PaymentIntentRow | undefined> {
  return db.selectFrom('payment_intents').selectAll().where('id', '=', id).executeTakeFirst();
}

const intentWithKey = precompile(1, (db, idempotencyKey: string) => db.selectFrom('payment_intents').selectAll().where('idempotency_key', '=', idempotencyKey));

export async function findPaymentIntentByKey(db: DbOrTrx, idempotencyKey: string): Promise<PaymentIntentRow | undefined> {
  return intentWithKey.first(db, idempotencyKey);
}

/**
 * Gives a pending record (payment.snapshot.ts, pendingIntentRow) its gateway intent's id. Nothing
 * happens when it already has it (the webhook and the checkout may both try); on PostgreSQL the
 * update waits for the other's row lock and then finds the id already changed.
 */
export async function adoptGatewayIntent(trx: DbOrTrx, pendingId: string, gatewayId: string): Promise<void> {
  await trx.updateTable('payment_intents').set({ id: gatewayId }).where('id', '=', pendingId).execute();
}

/** adoptGatewayIntent for many records, in one update on PostgreSQL. */
export async function adoptGatewayIntents(trx: DbOrTrx, ids: { pendingId: string; gatewayId: string }[]): Promise<void> {
  const moving = ids.filter((pair) => pair.pendingId !== pair.gatewayId);
  if (moving.length === 0) return;
  if (moving.length === 1 || !isPostgres(trx)) {
    for (const pair of moving) await adoptGatewayIntent(trx, pair.pendingId, pair.gatewayId);
    return;
  }
  const pairs = sql.join(moving.map((pair) => sql`(${pair.pendingId}, ${pair.gatewayId})`));
  await sql`update payment_intents as p set id = v.gateway_id from (values ${pairs}) as v (pending_id, gateway_id) where p.id = v.pending_id`.execute(trx);
}

/**
 * Locks the intents until the transaction ends (PostgreSQL runs writers side by side: the checkout
 * and the webhook for one payment must not both find it without an order), in id order so two
 * batches lock their common rows in the same order. SQLite writes one transaction at a time.
 */
export async function lockPaymentIntents(trx: DbOrTrx, ids: string[]): Promise<void> {
  if (!isPostgres(trx) || ids.length === 0) return;
  await trx.selectFrom('payment_intents').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
}

type IntentPatch = Partial<Pick<PaymentIntentTable, 'status' | 'order_id' | 'last_error_code' | 'answer_status' | 'answer_body' | 'request_hash'>> & { updated_at: number };

const INTENT_COLUMN_TYPES: Record<string, string> = { id: 'text', answer_status: 'integer', updated_at: 'bigint' };

/** updatePaymentIntent for many records, each with its own patch: one update per set of columns on PostgreSQL. */
export async function updatePaymentIntents(trx: DbOrTrx, patches: (IntentPatch & { id: string })[]): Promise<void> {
  const byColumns = new Map<string, (IntentPatch & { id: string })[]>();
  for (const patch of patches) {
    const columns = Object.keys(patch).sort().join();
    byColumns.set(columns, [...(byColumns.get(columns) ?? []), patch]);
  }
  for (const group of byColumns.values()) {
    if (group.length === 1 || !isPostgres(trx)) {
      for (const { id, ...patch } of group) await updatePaymentIntent(trx, id, patch);
    } else {
      await updateRowsByKey(trx, 'payment_intents', 'id', group, INTENT_COLUMN_TYPES);
    }
  }
}

export async function updatePaymentIntent(trx: DbOrTrx, id: string, patch: IntentPatch): Promise<void> {
  await trx.updateTable('payment_intents').set(patch).where('id', '=', id).execute();
}

/**
 * Intents that may have been paid but have no order yet, newest first (start-up reconciliation): an
 * intent paid just before a crash is never crowded out by older abandoned carts.
 */
export async function listIntentsWithoutOrder(db: DbOrTrx, createdAfter: number, limit: number): Promise<PaymentIntentRow[]> {
  return db
    .selectFrom('payment_intents')
    .selectAll()
    .where('order_id', 'is', null)
    .where('status', '!=', 'canceled')
    .where('created_at', '>=', createdAfter)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Records a webhook event id; false when it was already processed. */
export async function recordWebhookEvent(trx: DbOrTrx, event: { id: string; type: string; now: number }): Promise<boolean> {
  const result = await trx
    .insertInto('webhook_events')
    .values({ id: event.id, type: event.type, received_at: event.now })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}


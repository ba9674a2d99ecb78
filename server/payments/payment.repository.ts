import { forUpdateOn } from '../db/dialect';
import type { DbOrTrx } from '../db/transaction';
import type { PaymentIntentRow, PaymentIntentTable } from './payment.table';

/** Inserts the intent unless its id or idempotency key is already stored; true when inserted. */
export async function insertPaymentIntent(trx: DbOrTrx, row: PaymentIntentTable): Promise<boolean> {
  const result = await trx.insertInto('payment_intents').values(row).onConflict((oc) => oc.doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Stores the record unless its key is taken: null when stored, else the record already under the key. */
export async function insertPaymentIntentOrFindKey(trx: DbOrTrx, row: PaymentIntentTable): Promise<PaymentIntentRow | null> {
  if (await insertPaymentIntent(trx, row)) return null;
  return (await findPaymentIntentByKey(trx, row.idempotency_key!)) ?? (await findPaymentIntent(trx, row.id))!;
}

export async function findPaymentIntent(db: DbOrTrx, id: string): Promise<PaymentIntentRow | undefined> {
  return db.selectFrom('payment_intents').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPaymentIntentByKey(db: DbOrTrx, idempotencyKey: string): Promise<PaymentIntentRow | undefined> {
  return db.selectFrom('payment_intents').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

/**
 * Gives a pending record (payment.snapshot.ts, pendingIntentRow) its gateway intent's id. Nothing
 * happens when it already has it (the webhook and the checkout may both try); on PostgreSQL the
 * update waits for the other's row lock and then finds the id already changed.
 */
export async function adoptGatewayIntent(trx: DbOrTrx, pendingId: string, gatewayId: string): Promise<void> {
  await trx.updateTable('payment_intents').set({ id: gatewayId }).where('id', '=', pendingId).execute();
}

/** Locks the intent until the transaction ends: the checkout and the webhook for one payment must not both find it without an order. */
export async function lockPaymentIntent(trx: DbOrTrx, id: string): Promise<void> {
  await trx.selectFrom('payment_intents').select('id').where('id', '=', id).$call(forUpdateOn(trx)).execute();
}

type IntentPatch = Partial<Pick<PaymentIntentTable, 'status' | 'order_id' | 'last_error_code' | 'answer_status' | 'answer_body' | 'request_hash'>> & { updated_at: number };

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


import { forUpdateOn } from '../db/dialect';
import type { DbOrTrx, Trx } from '../db/transaction';
import type { DiscountCodeRow, DiscountCodeTable, DiscountRedemptionTable } from './discount.table';

/** Stores a new code; false when the code exists already. */
export async function insertDiscountCode(db: DbOrTrx, row: DiscountCodeTable): Promise<boolean> {
  const result = await db.insertInto('discount_codes').values(row).onConflict((oc) => oc.column('code').doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function listDiscountCodeRows(db: DbOrTrx): Promise<DiscountCodeRow[]> {
  return db.selectFrom('discount_codes').selectAll().orderBy('created_at', 'desc').orderBy('code').execute();
}

export async function findDiscountCode(db: DbOrTrx, code: string): Promise<DiscountCodeRow | undefined> {
  return db.selectFrom('discount_codes').selectAll().where('code', '=', code).executeTakeFirst();
}

/**
 * The code's row inside a checkout's transaction; `lock` (a limited code) holds it until commit on
 * PostgreSQL, so checkouts of one limited code count its uses one after another. SQLite's write
 * transactions run one at a time already.
 */
export async function findDiscountCodeForClaim(trx: Trx, code: string, lock: boolean): Promise<DiscountCodeRow | undefined> {
  const query = trx.selectFrom('discount_codes').selectAll().where('code', '=', code);
  return (lock ? query.$call(forUpdateOn(trx)) : query).executeTakeFirst();
}

export async function setDiscountCodeActive(db: DbOrTrx, code: string, active: boolean, now: number): Promise<DiscountCodeRow | undefined> {
  return db.updateTable('discount_codes').set({ active: active ? 1 : 0, updated_at: now }).where('code', '=', code).returningAll().executeTakeFirst();
}

/** Orders placed with each code (the admin's "uses"): read from the orders, so an order writes nothing more. */
export async function countOrdersByDiscountCode(db: DbOrTrx, codes?: readonly string[]): Promise<Map<string, number>> {
  let query = db
    .selectFrom('orders')
    .select((eb) => ['discount_code', eb.fn.countAll<number>().as('n')])
    .where('discount_code', 'is not', null)
    .groupBy('discount_code');
  if (codes) query = query.where('discount_code', 'in', codes.length ? [...codes] : ['']);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.discount_code!, Number(row.n)]));
}

/**
 * Uses of a limited code that count against its limits: those whose checkout wrote its order or is
 * still processing, and those held since `heldSince` (a checkout between its reservation and its
 * order). `email` narrows them to one customer.
 */
export async function countLiveRedemptions(trx: DbOrTrx, code: string, heldSince: number, email: string | null): Promise<number> {
  let query = trx
    .selectFrom('discount_redemptions as r')
    .leftJoin('payment_intents as p', 'p.idempotency_key', 'r.intent_key')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('r.code', '=', code)
    .where((eb) => eb.or([eb('r.created_at', '>=', heldSince), eb('p.order_id', 'is not', null), eb('p.status', '=', 'processing')]));
  if (email !== null) query = query.where('r.email', '=', email);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findRedemption(trx: DbOrTrx, intentKey: string): Promise<{ code: string } | undefined> {
  return trx.selectFrom('discount_redemptions').select('code').where('intent_key', '=', intentKey).executeTakeFirst();
}

export async function insertRedemption(trx: Trx, row: DiscountRedemptionTable): Promise<void> {
  await trx.insertInto('discount_redemptions').values(row).execute();
}

/** Gives back the use held by the checkout of a payment intent (by the intent's id), if it holds one. */
export async function deleteRedemptionOfIntent(trx: Trx, intentId: string): Promise<void> {
  await trx
    .deleteFrom('discount_redemptions')
    .where('intent_key', '=', (eb) => eb.selectFrom('payment_intents').select('idempotency_key').where('id', '=', intentId))
    .execute();
}

export async function deleteRedemption(trx: Trx, intentKey: string): Promise<void> {
  await trx.deleteFrom('discount_redemptions').where('intent_key', '=', intentKey).execute();
}

import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { DbOrTrx } from '../db/transaction';
import type { TestGatewayIntentRow, TestGatewayRefundTable } from './payment.table';

/** The built-in test gateway's ledger: its intents and refunds, in a store of their own (test-gateway.store.ts). */
type Trx = Transaction<Database>;

/** Enters the intent unless its create key is already used; true when entered. */
export async function insertLedgerIntent(trx: Trx, row: TestGatewayIntentRow): Promise<boolean> {
  const result = await trx.insertInto('test_gateway_intents').values(row).onConflict((oc) => oc.doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findLedgerIntentByKey(trx: Trx, createKey: string | null): Promise<TestGatewayIntentRow> {
  return trx.selectFrom('test_gateway_intents').selectAll().where('create_key', '=', createKey).executeTakeFirstOrThrow();
}

export async function findLedgerIntent(db: DbOrTrx, id: string): Promise<TestGatewayIntentRow | undefined> {
  return db.selectFrom('test_gateway_intents').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findLedgerIntentOfShopRecord(db: DbOrTrx, shopIntentId: string): Promise<TestGatewayIntentRow | undefined> {
  return db.selectFrom('test_gateway_intents').selectAll().where('shop_intent', '=', shopIntentId).executeTakeFirst();
}

export async function listSucceededLedgerIntents(db: DbOrTrx, sinceMs: number): Promise<TestGatewayIntentRow[]> {
  return db.selectFrom('test_gateway_intents').selectAll().where('status', '=', 'succeeded').where('created_at', '>=', sinceMs).execute();
}

export async function updateLedgerIntent(
  trx: Trx,
  id: string,
  changes: Partial<Pick<TestGatewayIntentRow, 'status' | 'payment_method' | 'amount_refunded_cents'>> & { updated_at: number },
): Promise<void> {
  await trx.updateTable('test_gateway_intents').set(changes).where('id', '=', id).execute();
}

type LedgerRefundRow = TestGatewayRefundTable;

export async function findLedgerRefundByKey(trx: Trx, idempotencyKey: string): Promise<LedgerRefundRow | undefined> {
  return trx.selectFrom('test_gateway_refunds').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

export async function insertLedgerRefund(trx: Trx, refund: LedgerRefundRow): Promise<void> {
  await trx.insertInto('test_gateway_refunds').values(refund).execute();
}

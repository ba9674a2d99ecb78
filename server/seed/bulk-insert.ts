import { timeOrderedUuid } from '../db/time-ordered-id';
import type { Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { toOrderRows, unusedOrderNumbers, type NewOrder } from '../orders/order.repository';
import type { NewOrderRow, OrderHistoryTable, OrderItemTable } from '../orders/order.table';
import type { SeedOrder } from './order-generator';
import { takeChangeSeqs } from '../orders/change-sequence.repository';
import { seedStatusHistory } from './status-history';

/** Orders per transaction, and per multi-row INSERT (43 columns x 500 rows stays under SQLite's 32,766 parameters). */
const ORDERS_PER_TRANSACTION = 5_000;
const ROWS_PER_STATEMENT = 500;

export interface BulkInsertResult {
  inserted: number;
  firstChangeSeq: number | null;
  lastChangeSeq: number | null;
}

/**
 * Writes many orders fast, with the invariants of orders/order.repository.ts insertOrder: unique
 * random order numbers, search_text, version 1, one change_seq per order taken from the global
 * change sequence in the same transaction, in created order, one history row each (with
 * `statusHistory`, a generated order gets one per status it went through: status-history.ts).
 * Each batch of 5,000 orders is one transaction: a failure leaves no half-written batch.
 */
export interface BulkInsertOptions {
  /** Write each generated order's fulfillment as status history (the seed); otherwise its creation only. */
  statusHistory?: boolean;
}

export async function bulkInsertOrders(db: Db, orders: readonly (NewOrder | SeedOrder)[], options: BulkInsertOptions = {}): Promise<BulkInsertResult> {
  let firstChangeSeq: number | null = null;
  let lastChangeSeq: number | null = null;
  for (let start = 0; start < orders.length; start += ORDERS_PER_TRANSACTION) {
    const batch = orders.slice(start, start + ORDERS_PER_TRANSACTION);
    const seqs = await db.transaction().execute((trx) => insertBatch(trx, batch, options));
    firstChangeSeq ??= seqs.first;
    lastChangeSeq = seqs.last;
  }
  return { inserted: orders.length, firstChangeSeq, lastChangeSeq };
}

async function insertBatch(trx: Transaction<Database>, batch: readonly (NewOrder | SeedOrder)[], options: BulkInsertOptions) {
  const seqs = await takeChangeSeqs(trx, batch.length);
  const numbers = await unusedOrderNumbers(trx, batch.length);

  const orderRows: NewOrderRow[] = [];
  const itemRows: OrderItemTable[] = [];
  const historyRows: OrderHistoryTable[] = [];
  batch.forEach((order, index) => {
    const ids = { id: timeOrderedUuid(order.createdAt), orderNumber: numbers[index]!, changeSeq: seqs[index]! };
    const rows = toOrderRows(order, ids, 'fulfillment' in order ? order.fulfillment : undefined);
    // A generated order comes with the history of its fulfillment; the order's version is its last entry's.
    const history = options.statusHistory && 'fulfillment' in order && order.fulfillment ? seedStatusHistory(order, ids.id) : [rows.history];
    orderRows.push({ ...rows.order, version: history.length });
    itemRows.push(...rows.items);
    historyRows.push(...history);
  });
  for (const chunk of chunks(orderRows)) await trx.insertInto('orders').values(chunk).execute();
  for (const chunk of chunks(itemRows)) await trx.insertInto('order_items').values(chunk).execute();
  for (const chunk of chunks(historyRows)) await trx.insertInto('order_history').values(chunk).execute();
  return { first: seqs[0]!, last: seqs.at(-1)! };
}

function* chunks<T>(rows: readonly T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) yield rows.slice(start, start + ROWS_PER_STATEMENT);
}

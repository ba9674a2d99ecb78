import { CompiledQuery, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { BatchHook } from '../write-path/batch-hooks';
import type { OrderHistoryTable, OrderItemTable, OrderRow } from './order.table';

/**
 * New orders of one PostgreSQL write batch, written by one statement just before COMMIT
 * (server/write-path/postgres-group-commit.ts): the change sequence for all of them, the orders,
 * their items and their first history rows. Taking the sequence there, rather than when each order
 * is built, keeps the change counter's row lock for the length of that statement and the commit
 * only, instead of for the whole transaction: with the lock taken early, every order-writing
 * transaction of the database ran one at a time, each waiting out the previous one's work and WAL
 * flush (docs/benchmarks/scale.md). The guarantee of design.md §4 is unchanged: whoever takes a
 * sequence holds the counter row until it commits, so sequences still become visible in order.
 */
export interface StagedOrder {
  order: OrderRow;
  items: OrderItemTable[];
  history: OrderHistoryTable;
}

function columnsOf(row: object): string[] {
  return Object.keys(row);
}

const quoted = (column: string) => `"${column}"`;

/** `insert into T (cols) select cols from json_populate_recordset(null::T, $n)`: many rows, one parameter. */
function insertFromJson(table: string, columns: string[], parameter: string, select = columns.map(quoted).join(', ')): string {
  return `insert into ${table} (${columns.map(quoted).join(', ')}) select ${select} from json_populate_recordset(null::${table}, ${parameter}::json) with ordinality as r`;
}

const statements = new Map<string, string>();

/** The one statement for a batch's orders; the same SQL for every batch, so PostgreSQL can keep its plan. */
function flushStatement(staged: StagedOrder): string {
  const orderColumns = columnsOf(staged.order);
  const itemColumns = columnsOf(staged.items[0] ?? {});
  const historyColumns = columnsOf(staged.history);
  const key = [orderColumns, itemColumns, historyColumns].map((list) => list.join(',')).join('|');
  let text = statements.get(key);
  if (!text) {
    // The sequence of the batch's k-th order is the counter's new value - n + k.
    const orderSelect = orderColumns.map((column) => (column === 'change_seq' ? '(select value from seq) - $1 + r.ordinality' : quoted(column))).join(', ');
    const parts = [
      `with seq as (update change_counters set value = value + $1 where name = 'orders' returning value)`,
      `, o as (${insertFromJson('orders', orderColumns, '$2', orderSelect)})`,
      itemColumns.length ? `, i as (${insertFromJson('order_items', itemColumns, '$3')})` : '',
      `, h as (${insertFromJson('order_history', historyColumns, '$4')})`,
      'select value from seq',
    ];
    text = parts.join('\n');
    statements.set(key, text);
  }
  return text;
}

/** Writes the staged orders in one statement and gives each its change sequence. */
export async function writeStagedOrders(trx: Transaction<Database>, staged: readonly StagedOrder[]): Promise<void> {
  if (staged.length === 0) return;
  const text = flushStatement(staged[0]!);
  const orders = staged.map((entry) => entry.order);
  const items = staged.flatMap((entry) => entry.items);
  const history = staged.map((entry) => entry.history);
  const result = await trx.executeQuery<{ value: number | string }>(
    CompiledQuery.raw(text, [staged.length, JSON.stringify(orders), JSON.stringify(items), JSON.stringify(history)]),
  );
  const last = Number(result.rows[0]?.value);
  if (!Number.isFinite(last)) throw new Error('change_counters has no row for orders');
  staged.forEach((entry, index) => {
    entry.order.change_seq = last - staged.length + index + 1;
  });
}

const staging = new WeakMap<Transaction<Database>, StagedOrder[]>();

/** Where insertOrder puts a new order when its transaction writes orders at commit; undefined otherwise. */
export function orderStageOf(trx: Transaction<Database>): StagedOrder[] | undefined {
  return staging.get(trx);
}

/** The orders domain's hook on the PostgreSQL write path's batches (server/write-path/batch-hooks.ts). */
export const stagedOrdersHook: BatchHook = {
  begin: (trx) => void staging.set(trx, []),
  beforeCommit: (trx) => writeStagedOrders(trx, staging.get(trx) ?? []),
  end: (trx) => void staging.delete(trx),
};

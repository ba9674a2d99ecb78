import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { BatchHook } from '../write-path/order-writer';
import { insertMany, type InsertPart } from '../db/multi-insert';
import type { OrderHistoryTable, OrderItemTable, OrderRow } from './order.table';

/**
 * New orders of one PostgreSQL write batch, written by one statement just before COMMIT
 * (server/write-path/postgres-group-commit.ts): the change sequence for all of them, the orders,
 * their items and their first history rows: one round trip for the whole batch. The numbers come
 * from PostgreSQL's change sequence (server/sync/change-sequence.repository.ts), which writers take
 * without waiting for each other.
 */
export interface StagedOrder {
  order: OrderRow;
  items: OrderItemTable[];
  history: OrderHistoryTable;
}

/** The insert parts of staged orders (the orders take the change sequence), for insertMany. */
export function stagedOrderParts(staged: readonly StagedOrder[]): InsertPart[] {
  return [
    { table: 'orders', rows: staged.map((entry) => entry.order), sequenced: 'change_seq' },
    { table: 'order_items', rows: staged.flatMap((entry) => entry.items) },
    { table: 'order_history', rows: staged.map((entry) => entry.history) },
  ];
}

/** Gives each staged order the change sequence insertMany took for it. */
export function assignChangeSeqs(staged: readonly StagedOrder[], seqs: readonly number[]): void {
  if (seqs.length !== staged.length) throw new Error(`${seqs.length} change numbers for ${staged.length} staged orders`);
  staged.forEach((entry, index) => {
    entry.order.change_seq = seqs[index]!;
  });
}

/** Writes the staged orders in one statement and gives each its change sequence. */
export async function writeStagedOrders(trx: Transaction<Database>, staged: readonly StagedOrder[]): Promise<void> {
  if (staged.length === 0) return;
  const { seqs } = await insertMany(trx, stagedOrderParts(staged));
  assignChangeSeqs(staged, seqs);
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

import { precompile } from '../db/precompiled';
import type { DbOrTrx, Trx } from '../db/transaction';
import { changeSeqBlockOf, takeFromBlock } from './change-seq-block';

/**
 * Takes the next value of the global change sequence, the sync pull's cursor (design.md §4).
 * Called inside the transaction that changes the order: the counter row is locked until commit,
 * so sequences become visible in order and a cursor pull never skips a change.
 */
const takeChangeSeq = precompile(0, (db) =>
  db
    .updateTable('change_counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', 'orders')
    .returning('value'),
);

export async function nextChangeSeq(trx: DbOrTrx): Promise<number> {
  // A SQLite write batch hands out numbers from a reserved block (change-seq-block.ts).
  const block = changeSeqBlockOf(trx);
  if (block) return takeFromBlock(trx as Trx, block);
  const row = await takeChangeSeq.first(trx);
  if (!row) throw new Error('change_counters has no row for orders');
  return Number(row.value);
}

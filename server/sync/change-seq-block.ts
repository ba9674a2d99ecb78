import type { Transaction } from 'kysely';
import { precompile } from '../db/precompiled';
import type { Database } from '../db/schema';
import type { BatchHook } from '../write-path/write-queue';

/**
 * The change sequence for a SQLite write batch (server/write-path/group-commit.ts): instead of one
 * counter update per order, the batch reserves numbers in blocks and, just before COMMIT, gives
 * back what it did not use. The numbers handed out and the counter at commit are exactly those of
 * one update per order: SQLite runs one write transaction at a time, nobody else can take a number
 * in between, and a rollback undoes the reservation with the rest (design.md §4's guarantee holds).
 */
interface Block {
  /** The next number to hand out. */
  next: number;
  /** The last number reserved. */
  last: number;
}

const RESERVE = 32;
const blocks = new WeakMap<Transaction<Database>, Block>();

/** Adds `count` to the counter and returns its new value: the numbers up to it are the caller's (SQLite). */
export const reserveChangeSeqs = precompile(1, (db, count: number) =>
  db
    .updateTable('change_counters')
    .set((eb) => ({ value: eb('value', '+', count) }))
    .where('name', '=', 'orders')
    .returning('value'),
);

const giveBack = precompile(1, (db, count: number) =>
  db
    .updateTable('change_counters')
    .set((eb) => ({ value: eb('value', '-', count) }))
    .where('name', '=', 'orders'),
);

/** The batch's block, when `trx` is a SQLite write batch. */
export function changeSeqBlockOf(trx: unknown): Block | undefined {
  return blocks.get(trx as Transaction<Database>);
}

/** The block's next number, reserving another block when it is used up. */
export async function takeFromBlock(trx: Transaction<Database>, block: Block): Promise<number> {
  if (block.next > block.last) {
    const row = await reserveChangeSeqs.first(trx, RESERVE);
    if (!row) throw new Error('change_counters has no row for orders');
    block.last = Number(row.value);
    block.next = block.last - RESERVE + 1;
  }
  return block.next++;
}

/** The orders domain's hook on the SQLite write path's batches. */
export const changeSeqBlockHook: BatchHook = {
  begin: (trx) => void blocks.set(trx, { next: 1, last: 0 }),
  beforeCommit: async (trx) => {
    const block = blocks.get(trx);
    const unused = block ? block.last - block.next + 1 : 0;
    if (unused > 0) await giveBack.run(trx, unused);
  },
  end: (trx) => void blocks.delete(trx),
};

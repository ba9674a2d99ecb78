import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../db/database';
import { isPostgres } from '../db/dialect';
import type { DbOrTrx } from '../db/transaction';

/**
 * The global change sequence, the sync pull's cursor (design.md §4): every change to an order takes
 * a new number in the transaction that makes the change, and a pull never misses a change.
 *
 * SQLite runs one write transaction at a time: a counter row (`change_counters`) hands out the
 * numbers, and they become visible in order by construction.
 *
 * PostgreSQL runs writers side by side. A counter row there made every order-writing transaction of
 * the database wait for the previous one's commit (its row lock is held through the WAL flush), which
 * capped the whole database at one commit at a time and made a second server process slower than
 * one. So the numbers come from a sequence (`order_change_seq`), which
 * transactions take without waiting for each other, and the order in which they become visible is
 * restored on the reading side instead: every transaction holds a shared advisory lock from before it
 * takes its first number until it ends. A pull first reads the sequence's last value, the *horizon*,
 * then the transactions holding that lock (pg_locks), and waits until those have ended. Every
 * number up to the horizon then belongs to a transaction that has ended (committed or rolled back):
 * one that took a number before the horizon was read held the lock already, and one that takes the
 * lock later takes a number above it. So a pull that reads up to the horizon and no further never
 * skips a number that becomes visible later. The pull only watches (no lock of its own), so new
 * writers never queue behind it, even while it waits for a long one (a sync push of 500 changes).
 */
export const PG_CHANGE_SEQUENCE = 'order_change_seq';
/** The advisory lock's key pair: (1801, 1) in the two-integer key space, apart from lockUntilCommit's. */
export const PG_CHANGE_LOCK_SHARED = 'pg_advisory_xact_lock_shared(1801, 1)';
/** pg_locks' rows of the shared lock's holders (a two-integer advisory key has objsubid 2). */
const HOLDING = sql.raw(`where locktype = 'advisory' and classid = 1801 and objid = 1 and objsubid = 2 and granted`);

/** The pull's pauses between looks at the writers it waits for: doubling from the first to the slowest. */
const FIRST_LOOK_MS = 1;
const SLOWEST_LOOK_MS = 25;

const LOCK_SHARED = CompiledQuery.raw(`select ${PG_CHANGE_LOCK_SHARED}`, []);
const NEXT_VALUES = `select nextval('${PG_CHANGE_SEQUENCE}') as value from generate_series(1, $1::int)`;
/** Transactions (and savepoints) that already hold the shared lock: it is held until the transaction ends. */
const holdingShared = new WeakSet<object>();

async function holdSharedLock(trx: DbOrTrx): Promise<void> {
  if (holdingShared.has(trx)) return;
  await trx.executeQuery(LOCK_SHARED);
  holdingShared.add(trx);
}

export async function nextChangeSeq(trx: DbOrTrx): Promise<number> {
  return (await takeChangeSeqs(trx, 1))[0]!;
}

/** `count` new numbers, in increasing order, for the caller's transaction (consecutive on SQLite). */
export async function takeChangeSeqs(trx: DbOrTrx, count: number): Promise<number[]> {
  if (count === 0) return [];
  if (isPostgres(trx)) {
    await holdSharedLock(trx);
    const { rows } = await trx.executeQuery<{ value: string }>(CompiledQuery.raw(NEXT_VALUES, [count]));
    return rows.map((row) => Number(row.value));
  }
  const row = await trx
    .updateTable('change_counters')
    .set((eb) => ({ value: eb('value', '+', count) }))
    .where('name', '=', 'orders')
    .returning('value')
    .executeTakeFirst();
  if (!row) throw new Error('change_counters has no row for orders');
  const last = Number(row.value);
  return Array.from({ length: count }, (_, index) => last - count + index + 1);
}

/**
 * The highest change number a reader may rely on: every change numbered up to it is committed or
 * gone for good. Takes `db`, not a transaction: on PostgreSQL it waits for the transactions that
 * held numbers when it was called to end (see above), looking at pg_locks after 1 ms, then twice as
 * long each time, at most every 25 ms.
 */
export async function changeHorizon(db: Db): Promise<number> {
  if (!isPostgres(db)) {
    const row = await db.selectFrom('change_counters').select('value').where('name', '=', 'orders').executeTakeFirst();
    return Number(row?.value ?? 0);
  }
  const { rows } = await sql<{ horizon: string }>`select case when is_called then last_value else last_value - 1 end as horizon from ${sql.table(PG_CHANGE_SEQUENCE)}`.execute(db);
  const horizon = Number(rows[0]!.horizon);
  // The writers holding the lock now: every number up to the horizon is theirs or settled already.
  const holders = await sql<{ holder: string }>`select virtualtransaction as holder from pg_locks ${HOLDING}`.execute(db);
  const waitingFor = holders.rows.map((row) => row.holder);
  // An order's transaction commits within milliseconds, so the first looks come quickly; a long one
  // (a large sync push, a frozen process until PostgreSQL ends its session) is then watched at a
  // slower pace, so that pulls waiting on it do not flood the database with looks.
  let pause = FIRST_LOOK_MS;
  while (waitingFor.length > 0) {
    const { rows: left } = await sql<{ n: number }>`select count(*)::int as n from pg_locks ${HOLDING} and virtualtransaction = any(${waitingFor})`.execute(db);
    if (left[0]!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(pause * 2, SLOWEST_LOOK_MS);
  }
  return horizon;
}

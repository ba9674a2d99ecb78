import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { insertRows } from '../db/multi-row';
import { findOrderByPaymentIntent, insertOrder } from '../orders/order.repository';
import { newTestOrder } from '../orders/order.test-support';
import { useMigratedPostgres } from '../test/migrated-postgres';
import { createPostgresWriteQueue } from './postgres-group-commit';
import type { BatchedWork } from './write-queue';

const database = useMigratedPostgres();

describe('group commit on PostgreSQL', () => {
  it('writes the jobs of one batch whole, each order with its items, history and its own change number', async () => {
    const writes = createPostgresWriteQueue(database.db, { concurrency: 1 });
    const orders = await Promise.all(
      Array.from({ length: 5 }, (_, index) => writes.run((trx) => insertOrder(trx, newTestOrder({ items: [{ text: `Line ${index}` }, { quantity: 2 }] })))),
    );
    expect(new Set(orders.map((order) => order.change_seq)).size).toBe(5);
    const ids = orders.map((order) => order.id);
    expect(await database.db.selectFrom('order_items').select('order_id').where('order_id', 'in', ids).execute()).toHaveLength(10);
    expect(await database.db.selectFrom('order_history').select('order_id').where('order_id', 'in', ids).execute()).toHaveLength(5);
  });

  it('a job that throws fails alone; the rest of its batch commits', async () => {
    const writes = createPostgresWriteQueue(database.db, { concurrency: 1 });
    const results = await Promise.allSettled([
      writes.run((trx) => insertOrder(trx, newTestOrder({ customer: { email: 'a@example.com', firstName: 'A', lastName: 'A', phone: '' } }))),
      writes.run(async (trx) => {
        await insertOrder(trx, newTestOrder());
        throw new Error('card processor said no');
      }),
      writes.run((trx) => insertOrder(trx, newTestOrder({ customer: { email: 'c@example.com', firstName: 'C', lastName: 'C', phone: '' } }))),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    for (const result of results) {
      if (result.status === 'fulfilled') expect(await database.db.selectFrom('orders').select('id').where('id', '=', result.value.id).executeTakeFirst()).toBeDefined();
    }
  });

  it('two jobs writing the order of one payment in one batch end with one order', async () => {
    const writes = createPostgresWriteQueue(database.db, { concurrency: 1 });
    const intentId = 'pi_test_same_payment';
    const orderOnce = () => writes.run(async (trx) => (await findOrderByPaymentIntent(trx, intentId)) ?? insertOrder(trx, newTestOrder({ paymentIntentId: intentId })));
    const [first, second] = await Promise.all([orderOnce(), orderOnce()]);
    expect(first.id).toBe(second.id);
    expect(await database.db.selectFrom('orders').select('id').where('payment_intent_id', '=', intentId).execute()).toHaveLength(1);
  });
});

describe('batched work on PostgreSQL', () => {
  /** Inserts each input's webhook event with one statement for the whole group; a null id breaks the insert. */
  const events: BatchedWork<string | null, string | null> = {
    async runAll(trx, ids) {
      await insertRows(trx, 'webhook_events', ids.map((id) => ({ id: id as string, type: 'batched', received_at: 1 })));
      return ids;
    },
  };

  it('runs the inputs of one batch together and answers each its own', async () => {
    const writes = createPostgresWriteQueue(database.db, { concurrency: 1 });
    const ids = Array.from({ length: 8 }, (_, index) => `evt_batched_${index}`);
    expect(await Promise.all(ids.map((id) => writes.runBatched(events, id)))).toEqual(ids);
    expect(await database.db.selectFrom('webhook_events').select('id').where('id', 'in', ids).execute()).toHaveLength(8);
  });

  it('an input that breaks the group fails alone: the others run again, each on its own, and commit', async () => {
    const writes = createPostgresWriteQueue(database.db, { concurrency: 1 });
    const results = await Promise.allSettled(['evt_group_a', null, 'evt_group_c'].map((id) => writes.runBatched(events, id)));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await database.db.selectFrom('webhook_events').select('id').where('id', 'in', ['evt_group_a', 'evt_group_c']).execute()).toHaveLength(2);
  });
  it('two batches that deadlock inside their jobs end with every job done, each again on its own', async () => {
    const first = createPostgresWriteQueue(database.db, { concurrency: 1 });
    const second = createPostgresWriteQueue(database.db, { concurrency: 1 });
    // Each batch takes one lock, waits until the other holds its own, then asks for the other's: a
    // cycle PostgreSQL breaks by failing one job with 40P01 (as two discount codes locked in opposite orders).
    let held = 0;
    let bothHeld!: () => void;
    const barrier = new Promise<void>((resolve) => (bothHeld = resolve));
    const lockThenWait = (key: number) => async (trx: Parameters<Parameters<typeof first.run>[0]>[0]) => {
      await sql`select pg_advisory_xact_lock(${key})`.execute(trx);
      if (++held === 2) bothHeld();
      await barrier;
      return key;
    };
    const lock = (key: number) => async (trx: Parameters<Parameters<typeof first.run>[0]>[0]) => {
      await sql`select pg_advisory_xact_lock(${key})`.execute(trx);
      return key;
    };
    const results = await Promise.allSettled([first.run(lockThenWait(71)), first.run(lock(72)), second.run(lockThenWait(72)), second.run(lock(71))]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
  }, 30_000);
});

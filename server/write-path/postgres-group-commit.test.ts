import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, postgresPoolOf, type Db } from '../db/database';
import { randomUUID } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { migrations } from '../db/migrations';
import { stagedOrderParts, stagedOrdersHook, writeStagedOrders } from '../orders/order-batch.repository';
import { insertManyAtOnce } from '../db/multi-insert';
import type { PaymentIntentTable } from '../payments/payment.table';
import { generateOrderNumber } from '../orders/order-number';
import { findOrderByPaymentIntent, insertOrder, toOrderRows } from '../orders/order.repository';
import { listChangedSince } from '../sync/sync.repository';
import { changeHorizon } from '../sync/change-sequence.repository';
import { newTestOrder } from '../orders/order.test-support';
import { startTemporaryPostgres, type TemporaryPostgres } from '../test/postgres';
import { createPostgresWriteQueue } from './postgres-group-commit';

let cluster: TemporaryPostgres;
let url: string;
let db: Db;

beforeAll(async () => {
  cluster = await startTemporaryPostgres();
  url = await cluster.createDatabase();
  db = await openDatabase({ kind: 'postgres', url });
  await migrateToLatest(db);
}, 60_000);

afterAll(async () => {
  await db?.destroy();
  await cluster?.stop();
});

const counter = (handle: Db) => changeHorizon(handle);

describe('group commit on PostgreSQL', () => {
  it('writes the orders of one batch whole, with consecutive change sequences taken at commit', async () => {
    const writes = createPostgresWriteQueue(db, { hooks: [stagedOrdersHook], concurrency: 1 });
    const before = await counter(db);
    const orders = await Promise.all(
      Array.from({ length: 5 }, (_, index) => writes.run((trx) => insertOrder(trx, newTestOrder({ items: [{ text: `Line ${index}` }, { quantity: 2 }] })))),
    );
    expect(orders.map((order) => order.change_seq).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5].map((n) => before + n));
    const items = await db.selectFrom('order_items').select(['order_id', 'line_no', 'text', 'quantity']).where('order_id', 'in', orders.map((o) => o.id)).execute();
    expect(items).toHaveLength(10);
    const history = await db.selectFrom('order_history').select(['order_id', 'to_status']).where('order_id', 'in', orders.map((o) => o.id)).execute();
    expect(history.map((row) => row.to_status)).toEqual(Array(5).fill('processing'));
    const stored = await db.selectFrom('orders').select(['id', 'change_seq']).where('id', 'in', orders.map((o) => o.id)).execute();
    expect(new Map(stored.map((row) => [row.id, row.change_seq]))).toEqual(new Map(orders.map((o) => [o.id, o.change_seq])));
  });

  it('a job that throws fails alone; the rest of its batch commits', async () => {
    const writes = createPostgresWriteQueue(db, { hooks: [stagedOrdersHook], concurrency: 1 });
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
      if (result.status === 'fulfilled') expect(await db.selectFrom('orders').select('id').where('id', '=', result.value.id).executeTakeFirst()).toBeDefined();
    }
  });

  it('two jobs writing the order of one payment in one batch end with one order', async () => {
    const writes = createPostgresWriteQueue(db, { hooks: [stagedOrdersHook], concurrency: 1 });
    const intentId = 'pi_test_same_payment';
    const orderOnce = () =>
      writes.run(async (trx) => (await findOrderByPaymentIntent(trx, intentId)) ?? insertOrder(trx, newTestOrder({ paymentIntentId: intentId })));
    const [first, second] = await Promise.all([orderOnce(), orderOnce()]);
    expect(first.id).toBe(second.id);
    const stored = await db.selectFrom('orders').select('id').where('payment_intent_id', '=', intentId).execute();
    expect(stored).toHaveLength(1);
  });

  it('a cursor pull running beside two writers on separate pools sees every order, in sequence order', async () => {
    // Two pools stand for two server processes.
    const other = await openDatabase({ kind: 'postgres', url });
    const queues = [db, other].map((handle) => createPostgresWriteQueue(handle, { hooks: [stagedOrdersHook], concurrency: 3, maxBatch: 8 }));
    const start = await counter(db);
    let writing = true;
    const seen: number[] = [];
    let cursor = start;
    const pull = async () => {
      const rows = await listChangedSince(other, cursor, 50);
      for (const row of rows) {
        // A pull that had skipped a change would see it later below its cursor (numbers may have
        // gaps on PostgreSQL: a rolled-back batch gives none back).
        expect(row.change_seq).toBeGreaterThan(cursor);
        seen.push(row.change_seq);
        cursor = row.change_seq;
      }
      return rows.length;
    };
    const puller = (async () => {
      while (writing) await pull();
      while ((await pull()) > 0) {
        // drain
      }
    })();
    const written = await Promise.all(
      Array.from({ length: 240 }, (_, index) => queues[index % 2]!.run((trx) => insertOrder(trx, newTestOrder({ items: [{ text: `Pull ${index}` }] })))),
    );
    writing = false;
    await puller;
    await other.destroy();
    expect(seen).toHaveLength(240);
    expect(new Set(written.map((order) => order.change_seq)).size).toBe(240);
    expect(new Set(seen)).toEqual(new Set(written.map((order) => order.change_seq)));
    expect(await counter(db)).toBe(start + 240);
  }, 60_000);
});

describe('the change sequence on PostgreSQL (server/sync/change-sequence.repository.ts)', () => {
  const tryExclusive = async (handle: Db) => {
    const { rows } = await sql<{ got: boolean }>`select pg_try_advisory_xact_lock(1801, 1) as got`.execute(handle);
    return rows[0]!.got;
  };

  it('writers take numbers without waiting for each other, and hold the change lock until they end', async () => {
    const batch = await db.startTransaction().execute();
    const single = await db.startTransaction().execute();
    try {
      await writeStagedOrders(batch, [toOrderRows(newTestOrder(), { id: randomUUID(), orderNumber: generateOrderNumber(), changeSeq: 0 })]);
      expect(await tryExclusive(db)).toBe(false);
      // With a counter row this second writer would wait for the first one's commit.
      const order = await insertOrder(single, newTestOrder());
      expect(order.change_seq).toBeGreaterThan(0);
      await batch.commit().execute();
      expect(await tryExclusive(db)).toBe(false);
    } finally {
      await single.rollback().execute();
    }
    expect(await tryExclusive(db)).toBe(true);
  });

  it('a pull waits for a writer holding a lower number, so it never skips that change', async () => {
    const start = await changeHorizon(db);
    const slow = await db.startTransaction().execute();
    const early = await insertOrder(slow, newTestOrder({ items: [{ text: 'Slow' }] }));
    const late = await db.transaction().execute((trx) => insertOrder(trx, newTestOrder({ items: [{ text: 'Fast' }] })));
    expect(late.change_seq).toBeGreaterThan(early.change_seq);
    const pulled = listChangedSince(db, start, 50);
    // The pull may only answer once the slow writer has ended: it commits a moment later.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await slow.commit().execute();
    expect((await pulled).map((row) => row.id)).toEqual([early.id, late.id]);
  });

  it('a pull that waits long for a writer looks at it less and less often, not every millisecond', async () => {
    const start = await changeHorizon(db);
    const slow = await db.startTransaction().execute();
    let looks = 0;
    const countLook = () => looks++;
    const pool = postgresPoolOf(db)!;
    try {
      const early = await insertOrder(slow, newTestOrder({ items: [{ text: 'Long push' }] }));
      pool.on('acquire', countLook);
      const pulled = listChangedSince(db, start, 50);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await slow.commit().execute();
      expect((await pulled).map((row) => row.id)).toEqual([early.id]);
      // Looking every millisecond took 150 or more connections from the pool in 300 ms; doubling
      // pauses up to 25 ms take about 16, and fewer on a slower machine, never more.
      expect(looks).toBeGreaterThan(3);
      expect(looks).toBeLessThanOrEqual(22);
    } finally {
      pool.off('acquire', countLook);
      await slow.rollback().execute().catch(() => undefined);
    }
  });

  it('a waiting pull holds no writer back: a new order commits while the pull waits for an older writer', async () => {
    const start = await changeHorizon(db);
    const slow = await db.startTransaction().execute();
    const early = await insertOrder(slow, newTestOrder({ items: [{ text: 'Slow again' }] }));
    const pulled = listChangedSince(db, start, 50);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Had the pull queued for a lock of its own, this writer would wait behind it until the slow one ends.
    const meanwhile = await db.transaction().execute((trx) => insertOrder(trx, newTestOrder({ items: [{ text: 'Meanwhile' }] })));
    await slow.commit().execute();
    // The pull stops at the horizon it read on arrival; the next one brings the later order.
    expect((await pulled).map((row) => row.id)).toEqual([early.id]);
    expect((await listChangedSince(db, early.change_seq, 50)).map((row) => row.id)).toEqual([meanwhile.id]);
  });

  it('a statement that is its own transaction writes all of it, or nothing when a row breaks a unique constraint', async () => {
    const staged = (orderNumber = generateOrderNumber()) => [toOrderRows(newTestOrder({ items: [{ text: 'At once' }] }), { id: randomUUID(), orderNumber, changeSeq: 0 })];
    const existing = await db.transaction().execute((trx) => insertOrder(trx, newTestOrder()));
    const count = async () => Number((await db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const twoOrders = [...staged(), ...staged(existing.order_number)];
    await expect(insertManyAtOnce(db, stagedOrderParts(twoOrders))).rejects.toMatchObject({ code: '23505' });
    expect(await count()).toBe(before);
    const written = await insertManyAtOnce(db, stagedOrderParts([...staged(), ...staged()]));
    expect(written.seqs).toHaveLength(2);
    expect(written.seqs[0]).toBeGreaterThan(existing.change_seq);
    expect(await count()).toBe(before + 2);
  });

  it('an existing database carries on from its counter when the sequence comes in (migration 2026-11-25T0100)', async () => {
    const older = await openDatabase({ kind: 'postgres', url: await cluster.createDatabase() });
    try {
      const migrator = new Migrator({ db: older, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('2026-11-24T0600_orders_search_tracking')).error).toBeUndefined();
      await older.updateTable('change_counters').set({ value: 41 }).where('name', '=', 'orders').execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await changeHorizon(older)).toBe(41);
      const order = await older.transaction().execute((trx) => insertOrder(trx, newTestOrder()));
      expect(order.change_seq).toBe(42);
    } finally {
      await older.destroy();
    }
  });

  const record = (id: string, key: string): PaymentIntentTable => ({
    id, provider: 'stripe', amount_cents: 100, currency: 'usd', status: 'pending', snapshot: '{}', order_id: null,
    idempotency_key: key, last_error_code: null, answer_status: null, answer_body: null, request_hash: null, created_at: 0, updated_at: 0,
  });

  it('a statement without a sequenced part reports the ids a skipping part inserted, and skips what is taken', async () => {
    const first = await insertManyAtOnce(db, [{ table: 'payment_intents', rows: [record('shop_pi_a', 'k:a')], skipConflicts: true }]);
    expect(first).toEqual({ seqs: [], insertedIds: [['shop_pi_a']] });
    const second = await insertManyAtOnce(db, [{ table: 'payment_intents', rows: [record('shop_pi_b', 'k:a'), record('shop_pi_c', 'k:c')], skipConflicts: true }]);
    expect(second.insertedIds).toEqual([['shop_pi_c']]);
  });

  it('settling records finds each by its key, even with a plan made while payment_intents held two rows (migration 2026-11-25T0300)', async () => {
    const small = await cluster.createDatabase();
    const smallDb = await openDatabase({ kind: 'postgres', url: small });
    const client = new pg.Client({ connectionString: small });
    try {
      await migrateToLatest(smallDb);
      await insertManyAtOnce(smallDb, [{ table: 'payment_intents', rows: [record('shop_pi_x', 'k:x'), record('shop_pi_y', 'k:y')], skipConflicts: true }]);
      await client.connect();
      await client.query('analyze payment_intents');
      const plans: string[] = [];
      client.on('notice', (notice) => plans.push(notice.message ?? ''));
      await client.query(`load 'auto_explain'`);
      await client.query(`set auto_explain.log_min_duration = 0; set auto_explain.log_nested_statements = on; set auto_explain.log_level = notice`);
      // A cached plan turns generic after five runs: the seventh runs on the plan kept for good.
      for (let run = 0; run < 7; run++) {
        const settlement = { pending_id: run === 0 ? 'shop_pi_x' : 'pi_settled_x', gateway_id: 'pi_settled_x', status: 'succeeded', order_id: null, answer_status: 201, answer_body: '{}', request_hash: 'h', updated_at: run };
        const { rows } = await client.query('select settled_id from shop_settle_records($1::json)', [JSON.stringify([settlement])]);
        expect(rows).toEqual([{ settled_id: 'pi_settled_x' }]);
      }
      const updatePlans = plans.filter((plan) => plan.includes('Update on payment_intents'));
      expect(updatePlans).toHaveLength(7);
      for (const plan of updatePlans) {
        expect(plan).toContain('Index Scan using payment_intents_pkey');
        expect(plan).not.toContain('Seq Scan on payment_intents');
      }
    } finally {
      await client.end();
      await smallDb.destroy();
    }
  });
});

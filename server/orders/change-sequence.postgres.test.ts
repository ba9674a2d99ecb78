import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator, sql } from 'kysely';
import { migrateToLatest, openDatabase, postgresPoolOf, type Db } from '../db/database';
import { migrations } from '../db/migrations';
import { insertOrder } from './order.repository';
import { newTestOrder } from './order.test-support';
import { startTemporaryPostgres, type TemporaryPostgres } from '../test/postgres';
import { changeHorizon } from './change-sequence.repository';
import { listChangedSince } from '../sync/sync.repository';

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

describe('the change sequence on PostgreSQL (server/orders/change-sequence.repository.ts)', () => {
  it('a cursor pull running beside two writers on separate pools sees every order, in sequence order', async () => {
    // Two pools stand for two server processes.
    const other = await openDatabase({ kind: 'postgres', url });
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
    // Eight writers at a time, as busy processes write: all 240 at once would wait on the pools'
    // connection timeout on a loaded machine rather than test the pull.
    const lanes = await Promise.all(
      Array.from({ length: 8 }, async (_, lane) => {
        const orders = [];
        for (let step = 0; step < 30; step++) {
          const index = lane * 30 + step;
          orders.push(await [db, other][index % 2]!.transaction().execute((trx) => insertOrder(trx, newTestOrder({ items: [{ text: `Pull ${index}` }] }))));
        }
        return orders;
      }),
    );
    const written = lanes.flat();
    writing = false;
    await puller;
    await other.destroy();
    expect(seen).toHaveLength(240);
    expect(new Set(written.map((order) => order.change_seq)).size).toBe(240);
    expect(new Set(seen)).toEqual(new Set(written.map((order) => order.change_seq)));
    expect(await counter(db)).toBe(start + 240);
  }, 60_000);

  const tryExclusive = async (handle: Db) => {
    const { rows } = await sql<{ got: boolean }>`select pg_try_advisory_xact_lock(1801, 1) as got`.execute(handle);
    return rows[0]!.got;
  };

  it('writers take numbers without waiting for each other, and hold the change lock until they end', async () => {
    const batch = await db.startTransaction().execute();
    const single = await db.startTransaction().execute();
    try {
      await insertOrder(batch, newTestOrder());
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
});

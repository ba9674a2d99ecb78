import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';
import type { Transaction } from 'kysely';
import { insertRow } from '../db/precompiled';
import type { Database } from '../db/schema';
import { createWriteQueue, type WriteQueue } from './group-commit';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Queues `count` jobs at once, each inserting one webhook event of `type` and answering its own index. */
function runBurst(queue: WriteQueue, type: string, count: number): Promise<number[]> {
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      queue.run(async (trx) => {
        await trx.insertInto('webhook_events').values({ id: `${type}_${index}`, type, received_at: index }).execute();
        return index;
      }),
    ),
  );
}

describe('group commit', () => {
  it('commits concurrent jobs together while a failing job rolls back alone', async () => {
    const commits: number[] = [];
    const queue = createWriteQueue(t.app.context.db, { onCommit: (jobs) => commits.push(jobs) });
    const insert = (id: string) => (trx: Parameters<Parameters<typeof queue.run>[0]>[0]) =>
      trx.insertInto('webhook_events').values({ id, type: 'test', received_at: 1 }).execute();
    const results = await Promise.allSettled([
      queue.run(insert('evt_a')),
      queue.run(async (trx) => {
        await insert('evt_b')(trx);
        throw new Error('job b fails after writing');
      }),
      queue.run(insert('evt_c')),
      // Same id twice: the second violates the primary key and rolls back alone.
      queue.run(insert('evt_a')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    const ids = await t.app.context.db.selectFrom('webhook_events').select('id').where('type', '=', 'test').orderBy('id').execute();
    expect(ids.map((row) => row.id)).toEqual(['evt_a', 'evt_c']);
    // The batch rolled back at each failure; the jobs that had not failed then committed together.
    expect(commits).toEqual([2]);
  });

  it('answers each job with its own result, in order, for a large burst committed in a few transactions', async () => {
    const commits: number[] = [];
    const queue = createWriteQueue(t.app.context.db, { onCommit: (jobs) => commits.push(jobs) });
    const values = await runBurst(queue, 'burst', 600);
    expect(values).toEqual(Array.from({ length: 600 }, (_, index) => index));
    const count = await t.app.context.db.selectFrom('webhook_events').select((eb) => eb.fn.countAll<number>().as('n')).where('type', '=', 'burst').executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(600);
    expect(commits.reduce((sum, jobs) => sum + jobs, 0)).toBe(600);
    // At most 256 jobs a batch, so three commits: every job shared its fsync with others.
    expect(commits.length).toBeLessThanOrEqual(3);
  });

  it('asks a batch limit given as a function again for each batch', async () => {
    const commits: number[] = [];
    const limits = [3, 5];
    let asked = 0;
    const queue = createWriteQueue(t.app.context.db, { maxBatch: () => limits[Math.min(asked++, limits.length - 1)]!, onCommit: (jobs) => commits.push(jobs) });
    const values = await runBurst(queue, 'limit', 12);
    expect(values).toEqual(Array.from({ length: 12 }, (_, index) => index));
    // The first batch takes 3, every later one at most 5: 3 + 5 + 4, with nothing left behind.
    expect(commits).toEqual([3, 5, 4]);
  });

  it('costs one more transaction for a failing job, not one per job of its batch', async () => {
    const commits: number[] = [];
    const queue = createWriteQueue(t.app.context.db, { onCommit: (jobs) => commits.push(jobs) });
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, index) =>
        queue.run(async (trx) => {
          await trx.insertInto('webhook_events').values({ id: `mixed_${index}`, type: 'mixed', received_at: index }).execute();
          if (index === 50) throw new Error('job 50 fails');
          return index;
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect((results[51] as PromiseFulfilledResult<number>).value).toBe(51);
    expect(commits).toEqual([99]);
    const count = await t.app.context.db.selectFrom('webhook_events').select((eb) => eb.fn.countAll<number>().as('n')).where('type', '=', 'mixed').executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(99);
  });

  it('runs precompiled statements on the connection its batch holds, and nowhere once the batch is over', async () => {
    const queue = createWriteQueue(t.app.context.db);
    const event = (id: string) => ({ id, type: 'direct', received_at: 1 });
    let kept: Transaction<Database> | undefined;
    const results = await Promise.allSettled([
      queue.run(async (trx) => insertRow(trx, 'webhook_events', event('direct_a'))),
      queue.run(async (trx) => {
        await insertRow(trx, 'webhook_events', event('direct_b'));
        throw new Error('job b fails after writing');
      }),
      queue.run(async (trx) => {
        kept = trx;
        // A later job of the batch sees what an earlier one wrote, and a duplicate is skipped.
        return insertRow(trx, 'webhook_events', event('direct_a'), { ignoreConflict: true });
      }),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([true, 'failed', false]);
    // A transaction kept past its batch is refused rather than writing outside any transaction.
    await expect(insertRow(kept!, 'webhook_events', event('direct_late'))).rejects.toThrow();
    const ids = await t.app.context.db.selectFrom('webhook_events').select('id').where('type', '=', 'direct').orderBy('id').execute();
    expect(ids.map((row) => row.id)).toEqual(['direct_a']);
  });
});

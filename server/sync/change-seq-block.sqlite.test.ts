import { afterAll, beforeAll, expect, it } from 'vitest';
import { createWriteQueue } from '../write-path/group-commit';
import { startTestApp, type TestApp } from '../test/test-app';
import { createTestOrder, newTestOrder } from '../orders/order.test-support';
import { insertOrder } from '../orders/order.repository';
import { nextChangeSeq } from '../orders/change-sequence.repository';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function counter(): Promise<number> {
  const row = await t.app.context.db.selectFrom('change_counters').select('value').where('name', '=', 'orders').executeTakeFirstOrThrow();
  return Number(row.value);
}

it('gives a SQLite write batch the numbers and the counter one update per order would give, across blocks, failures and other writers', async () => {
  const db = t.app.context.db;
  const start = (await createTestOrder(db)).change_seq;
  const commits: number[] = [];
  const queue = createWriteQueue(db, { windowMs: 5, onCommit: (jobs) => commits.push(jobs) });
  // 45 orders in one batch (more than one block of numbers), one job failing after taking a number.
  const jobs = Array.from({ length: 46 }, (_, index) =>
    queue.run(async (trx) => {
      const order = await insertOrder(trx, newTestOrder());
      if (index === 20) throw new Error('this checkout fails after writing its order');
      return order.change_seq;
    }),
  );
  const outcomes = await Promise.allSettled(jobs);
  const seqs = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(1);
  expect(Math.max(...commits)).toBeGreaterThan(32);
  // Consecutive, in queue order, with no gap for the failed job and nothing left reserved.
  expect(seqs).toEqual(Array.from({ length: 45 }, (_, index) => start + 1 + index));
  expect(await counter()).toBe(start + 45);
  const stored = await db.selectFrom('orders').select('change_seq').where('change_seq', '>', start).orderBy('change_seq').execute();
  expect(stored.map((row) => row.change_seq)).toEqual(seqs);

  // A plain transaction after the batch carries on from the counter, one number at a time.
  const next = await db.transaction().execute((trx) => nextChangeSeq(trx));
  expect(next).toBe(start + 46);
  expect((await createTestOrder(db)).change_seq).toBe(start + 47);
  expect(await counter()).toBe(start + 47);
});

import { describe, expect, it } from 'vitest';
import { createBatcher, type Request } from './batcher';

/** A batcher whose batches finish when the test says so; records each batch's inputs. */
function controlled(options: { concurrency: number; maxBatch: number; minToOverlap?: number }) {
  const batches: number[][] = [];
  const open: (() => void)[] = [];
  const batcher = createBatcher<number, number>(
    (batch: Request<number, number>[]) =>
      new Promise<void>((resolve) => {
        batches.push(batch.map((request) => request.input));
        open.push(() => {
          for (const request of batch) request.resolve(request.input * 10);
          resolve();
        });
      }),
    options,
  );
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  const finishOne = async () => {
    open.shift()!();
    await turn();
    await turn();
  };
  return { batcher, batches, turn, finishOne };
}

describe('batcher', () => {
  it('sends what arrives in one turn as one batch, and what arrives meanwhile as the next', async () => {
    const { batcher, batches, turn, finishOne } = controlled({ concurrency: 1, maxBatch: 64 });
    const first = [1, 2, 3].map((n) => batcher.submit(n));
    await turn();
    const second = [4, 5].map((n) => batcher.submit(n));
    await turn();
    expect(batches).toEqual([[1, 2, 3]]);
    await finishOne();
    expect(batches).toEqual([[1, 2, 3], [4, 5]]);
    await finishOne();
    expect(await Promise.all([...first, ...second])).toEqual([10, 20, 30, 40, 50]);
  });

  it('starts a batch beside a running one only once minToOverlap requests wait', async () => {
    const { batcher, batches, turn, finishOne } = controlled({ concurrency: 3, maxBatch: 64, minToOverlap: 4 });
    void batcher.submit(1);
    await turn();
    [2, 3, 4].forEach((n) => void batcher.submit(n));
    await turn();
    // Three wait: fewer than four, so they wait for the running batch.
    expect(batches).toEqual([[1]]);
    [5, 6].forEach((n) => void batcher.submit(n));
    await turn();
    // Five wait now: a second batch runs beside the first.
    expect(batches).toEqual([[1], [2, 3, 4, 5, 6]]);
    void batcher.submit(7);
    await finishOne();
    await finishOne();
    expect(batches).toEqual([[1], [2, 3, 4, 5, 6], [7]]);
  });

  it('without minToOverlap runs up to `concurrency` batches side by side', async () => {
    const { batcher, batches, turn } = controlled({ concurrency: 2, maxBatch: 2 });
    [1, 2, 3, 4, 5].forEach((n) => void batcher.submit(n));
    await turn();
    expect(batches).toEqual([[1, 2], [3, 4]]);
  });
});

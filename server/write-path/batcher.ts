/**
 * Collects requests into batches: whatever arrives while `concurrency` batches are under way waits
 * and goes into the next one, with at most `maxBatch` per batch; the requests of one event-loop
 * turn go together. No waiting window: under light load a batch is a single request, under heavy
 * load batches grow by themselves. `execute` settles every request of its batch.
 */
export interface Request<I, O> {
  input: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

export interface Batcher<I, O> {
  submit(input: I): Promise<O>;
  /** Puts requests back at the front of the queue (a batch that must run again without one of them). */
  requeue(requests: Request<I, O>[]): void;
}

export function createBatcher<I, O>(
  execute: (batch: Request<I, O>[]) => Promise<void>,
  options: {
    concurrency: number;
    maxBatch: number;
    /**
     * A batch beside one already under way starts only once this many requests wait (default 1):
     * under moderate load they then go as one larger batch, each batch's fixed cost (a statement, a
     * commit) shared by more requests; under heavy load batches still run side by side.
     */
    minToOverlap?: number;
  },
): Batcher<I, O> {
  const minToOverlap = options.minToOverlap ?? 1;
  const queue: Request<I, O>[] = [];
  let running = 0;
  let scheduled = false;

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      pump();
    });
  }

  function pump() {
    while (running < options.concurrency && queue.length > 0 && (running === 0 || queue.length >= minToOverlap)) {
      const batch = queue.splice(0, options.maxBatch);
      running++;
      void execute(batch)
        .catch((error: unknown) => {
          for (const request of batch) request.reject(error);
        })
        .finally(() => {
          running--;
          if (queue.length > 0) schedule();
        });
    }
  }

  return {
    submit(input) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        schedule();
      });
    },
    requeue(requests) {
      queue.unshift(...requests);
      schedule();
    },
  };
}

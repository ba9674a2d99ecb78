import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { threadModule } from '../../threads/thread-module';
import type { CutJobTask, CutJobTaskResult } from './cut-job.worker';

/** Below the event loop when the cores are busy: a long job never holds up a checkout or a health check. */
const THREAD_NICENESS = 5;
/** Kept a while after a job: the print room asks for a job's files one after another, and each thread parses the fonts once. */
const IDLE_MS = 10 * 60 * 1000;
/** Designs are worked out in batches on as many threads as there are cores, at most two: the shop serves on the rest. */
const THREADS = Math.max(1, Math.min(2, availableParallelism()));

let pool: Piscina<CutJobTask, CutJobTaskResult> | null = null;

/**
 * Cut jobs are worked out on threads of their own (piscina), never on the event loop: a queue of
 * thousands of decals is seconds of layout, geometry and writing. They start with the first job and
 * end after a while idle; at a lower priority than the event loop.
 */
export function runCutJobTask(task: CutJobTask): Promise<CutJobTaskResult> {
  pool ??= new Piscina({
    ...threadModule(import.meta.url, 'cut-job.worker'),
    minThreads: 0,
    maxThreads: THREADS,
    idleTimeout: IDLE_MS,
    niceIncrement: THREAD_NICENESS,
  });
  return pool.run(task);
}

import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import type { CutJobTask, CutJobTaskResult } from './cut-job.worker';

/** tsx's loader by its path, as the mail thread loads it (server/mail/mail-composer.ts). */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
/** Below the event loop when the cores are busy: a long job never holds up a checkout or a health check. */
const THREAD_NICENESS = 5;
/** Kept while the print room works, so a job's files reuse the designs its list worked out. */
const IDLE_MS = 30 * 60 * 1000;

let pool: Piscina<CutJobTask, CutJobTaskResult> | null = null;

/**
 * Cut jobs are worked out on one thread of their own (piscina), never on the event loop: a
 * queue of thousands of decals is seconds of layout, geometry and writing. One thread, so every
 * request finds the designs the last one kept; it starts with the first job and is unref'd while idle.
 */
export function runCutJobTask(task: CutJobTask): Promise<CutJobTaskResult> {
  pool ??= new Piscina({
    filename: new URL('./cut-job.worker.ts', import.meta.url).href,
    execArgv: ['--import', TSX_LOADER],
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: IDLE_MS,
    niceIncrement: THREAD_NICENESS,
  });
  return pool.run(task);
}

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PrintOrder } from '../../shared/render';
import { HttpError } from '../errors/http-error';
import type { PngJob, PngJobResult } from './png-render.worker';

/**
 * PNG print files on worker threads. resvg's `asPng()` encodes on the calling thread (2.1 s for a
 * 10-line sheet, during which no other request was answered) and a first layout of new glyphs
 * takes a few hundred ms more; here layout, rasterising and encoding all happen in a worker, and
 * the event loop only posts the order and receives the bytes. Workers start on first use and are
 * unref'd while idle, so the pool never keeps the process alive.
 */
const WORKER_URL = new URL('./png-worker.mjs', import.meta.url);
const POOL_SIZE = Math.max(1, Math.min(2, availableParallelism() - 1));

interface Task {
  job: PngJob;
  resolve: (png: Buffer) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  worker: Worker;
  busy: Task | null;
}

const workers: PoolWorker[] = [];
const waiting: Task[] = [];
let nextId = 1;

function settle(task: Task, result: PngJobResult): void {
  if ('png' in result) task.resolve(Buffer.from(result.png.buffer, result.png.byteOffset, result.png.byteLength));
  else if ('refused' in result) task.reject(new HttpError(result.refused.status, result.refused.code, result.refused.message));
  else task.reject(new Error(`PNG rendering failed: ${result.error}`));
}

function startWorker(): PoolWorker {
  const entry: PoolWorker = { worker: new Worker(WORKER_URL), busy: null };
  entry.worker.unref();
  entry.worker.on('message', (result: PngJobResult) => {
    const task = entry.busy;
    entry.busy = null;
    entry.worker.unref();
    if (task && task.job.id === result.id) settle(task, result);
    dispatch();
  });
  // A worker that dies (out of memory, a crash in the native renderer) fails its task and is replaced on demand.
  const fail = (error: Error) => {
    const index = workers.indexOf(entry);
    if (index < 0) return;
    workers.splice(index, 1);
    entry.busy?.reject(error);
    entry.busy = null;
    dispatch();
  };
  entry.worker.on('error', fail);
  entry.worker.on('exit', (code) => fail(new Error(`The PNG worker stopped (exit code ${code}).`)));
  workers.push(entry);
  return entry;
}

function dispatch(): void {
  while (waiting.length > 0) {
    const idle = workers.find((entry) => !entry.busy) ?? (workers.length < POOL_SIZE ? startWorker() : undefined);
    if (!idle) return;
    const task = waiting.shift()!;
    idle.busy = task;
    // Referenced while it works: a PNG in progress keeps the process up like any pending request.
    idle.worker.ref();
    idle.worker.postMessage(task.job);
  }
}

/** The order's lines as a PNG print file at `dpi`, made on a worker thread; a refusal is the worker's HttpError. */
export function renderPrintPng(order: PrintOrder, lines: readonly number[], dpi: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Only what the renderer reads crosses to the worker (structured clone).
    const plain: PrintOrder = { orderNumber: order.orderNumber, items: order.items.map((item) => ({ ...item })) };
    waiting.push({ job: { id: nextId++, order: plain, lines: [...lines], dpi }, resolve, reject });
    dispatch();
  });
}

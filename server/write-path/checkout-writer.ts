import { Worker } from 'node:worker_threads';
import type { Logger } from '../http/logger';
import type { ChargeAndPlaceOrder, CheckoutOutcome } from '../payments/checkout.transaction';
import { IntentKeyTakenError } from '../payments/gateway';
import type { WriterJob } from './writer-jobs';

/** `inFlight`: the checkouts handed to the thread and not yet answered, these jobs included. */
export type WriterRequest = { type: 'run'; jobs: { id: number; input: WriterJob }[]; inFlight: number } | { type: 'close' };
export type WriterReply =
  | { type: 'ready' }
  | { type: 'done'; id: number; answer: unknown }
  | { type: 'failed'; id: number; error: { name: string; message: string; code?: string } };

export interface CheckoutWriter {
  /** Runs the one-transaction checkout on the writer thread; resolves once it is committed. */
  run(input: ChargeAndPlaceOrder): Promise<CheckoutOutcome>;
  /** Runs any job of the thread (the Stripe checkout's two writes too, writer-jobs.ts). */
  runJob(job: WriterJob): Promise<unknown>;
  /** Starts the thread ahead of the first checkout (the server does so once it listens). */
  warmUp(): void;
  /** Whether checkouts currently run on the thread (it started), rather than waiting for it or falling back. */
  runsOnThread(): boolean;
  /** Waits for the checkouts under way, then stops the thread. */
  close(): Promise<void>;
}

interface Pending {
  input: WriterJob;
  resolve: (answer: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * The checkout writer thread (docs/decisions/payments.md): with SQLite, a test-gateway checkout's
 * transaction, and each of a Stripe checkout's two writes, runs on a worker thread with its own
 * connection (writer-jobs.ts), so HTTP, validation and pricing on the main thread and the database
 * work on the writer use both cores. Both connections begin
 * their transactions IMMEDIATE, so writes from either side queue for SQLite's one write lock.
 *
 * The server starts the thread once it listens (`warmUp`); elsewhere, tests among them, it starts
 * with the first checkout, since loading it takes most of a second. If it cannot start, checkouts run in this
 * thread instead (`fallback`), as they do with PostgreSQL. If it dies after starting, what it had
 * under way fails (a retry with the same Idempotency-Key finds what was committed) and the next
 * checkout starts a new one.
 */
/** What the thread is started with. */
export interface WriterThreadData {
  file: string;
  /** The crash tests' fault (app-faults.ts): end the thread after a charge, before its order. */
  crashAfterCharge: boolean;
}

export interface CheckoutWriterOptions {
  logger: Logger;
  fallback: (input: WriterJob) => Promise<unknown>;
  crashAfterCharge: boolean;
  /** Told the thread's exit code when it ends on its own (the composition's fault handling). */
  onThreadExit: (code: number) => void;
}

export function createCheckoutWriter(file: string, options: CheckoutWriterOptions): CheckoutWriter {
  const pending = new Map<number, Pending>();
  let worker: Worker | null = null;
  let ready = false;
  let unavailable = false;
  let nextId = 1;
  let drained: (() => void) | null = null;
  // Checkouts handed over in one event-loop turn go to the thread as one message.
  let outbox: { id: number; input: WriterJob }[] = [];

  function post() {
    const jobs = outbox;
    outbox = [];
    if (jobs.length > 0) worker?.postMessage({ type: 'run', jobs, inFlight: pending.size } satisfies WriterRequest);
  }

  function settle(id: number, outcome: (entry: Pending) => void) {
    const entry = pending.get(id);
    if (!entry) return;
    pending.delete(id);
    outcome(entry);
    if (pending.size === 0) drained?.();
  }

  function start(): Worker {
    const thread = new Worker(new URL('./checkout-writer.worker.mjs', import.meta.url), { workerData: { file, crashAfterCharge: options.crashAfterCharge } satisfies WriterThreadData });
    ready = false;
    thread.on('message', (messages: WriterReply[]) => {
      for (const message of messages) {
        if (message.type === 'ready') ready = true;
        else if (message.type === 'done') settle(message.id, (entry) => entry.resolve(message.answer));
        else settle(message.id, (entry) => entry.reject(threadError(message.error)));
      }
    });
    thread.on('error', (error) => stopped(thread, error));
    thread.on('exit', (code) => {
      options.onThreadExit(code);
      stopped(thread, new Error(`The checkout writer thread stopped (exit code ${code}).`));
    });
    return thread;
  }

  function stopped(thread: Worker, error: Error) {
    if (worker !== thread) return;
    worker = null;
    // What was not yet posted is settled below with the rest, and must not reach a later thread.
    outbox = [];
    if (!ready) {
      // It never ran anything: what waits can safely run here, and so will every later checkout.
      unavailable = true;
      options.logger.warn('checkout writer thread unavailable, checkouts run on the main thread', { error: error.message });
      for (const id of pending.keys()) settle(id, (p) => void options.fallback(p.input).then(p.resolve, p.reject));
      return;
    }
    for (const id of [...pending.keys()]) settle(id, (entry) => entry.reject(error));
  }

  function runJob(input: WriterJob): Promise<unknown> {
    if (unavailable) return options.fallback(input);
    worker ??= start();
    const id = nextId++;
    return new Promise<unknown>((resolve, reject) => {
      pending.set(id, { input, resolve, reject });
      if (outbox.length === 0) setImmediate(post);
      outbox.push({ id, input });
    });
  }

  return {
    run: (input) => runJob(input) as Promise<CheckoutOutcome>,
    runJob,

    warmUp() {
      if (!unavailable) worker ??= start();
    },

    runsOnThread: () => worker !== null && ready,

    async close() {
      if (pending.size > 0) await new Promise<void>((resolve) => (drained = resolve));
      drained = null;
      const thread = worker;
      if (!thread) return;
      worker = null;
      const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
      thread.postMessage({ type: 'close' } satisfies WriterRequest);
      await exited;
    },
  };
}

/** The thread's error as the main thread throws it, its code (SQLITE_BUSY, SQLITE_FULL, …) kept. */
function threadError(error: { name: string; message: string; code?: string }): Error {
  if (error.name === 'IntentKeyTakenError') return new IntentKeyTakenError(error.message);
  return Object.assign(new Error(error.message), error.code ? { code: error.code } : {});
}

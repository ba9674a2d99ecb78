/**
 * Background Sync: the service worker flushes the admin outbox with the same engine and API client
 * the page uses (web/sync, web/api), so a status change made offline reaches the server when the
 * connection returns even if every tab is closed. The engine's lock keeps it from racing an open
 * tab's own flush.
 */
import { ShopDatabase } from '../web/db/db';
import { createSyncEngine, type SyncOutcome } from '../web/sync/engine';
import { createHttpTransport } from '../web/sync/transport';
import { SW_TOKEN_META_KEY } from '../web/pwa/constants';

/** Thrown so the browser keeps the sync registration and retries later (network still down). */
export class RetryLater extends Error {}

export interface WorkerFlushOptions {
  /** The worker opens the shop database itself; tests pass their own. */
  db?: ShopDatabase;
  baseUrl?: string;
}

/**
 * Pushes the outbox. Resolves when there is nothing left to do for now (done, nothing queued,
 * signed out, or refused by the server: the page shows those); rejects with RetryLater while the
 * network or the server is down, so the browser schedules another attempt.
 */
export async function flushOutboxFromWorker(fetchImpl: typeof fetch, options: WorkerFlushOptions = {}): Promise<SyncOutcome | null> {
  const db = options.db ?? new ShopDatabase();
  try {
    if ((await db.outbox.count()) === 0) {
      await db.meta.delete(SW_TOKEN_META_KEY);
      return null;
    }
    const token = ((await db.meta.get(SW_TOKEN_META_KEY))?.value as string | undefined) ?? null;
    if (!token) return null; // signed out: the page flushes after the next sign-in
    const transport = createHttpTransport({ fetch: fetchImpl, getToken: () => token, baseUrl: options.baseUrl });
    const outcome = await createSyncEngine({ db, transport }).flush();
    if (!outcome.ok && (outcome.status === 0 || (outcome.status ?? 0) >= 500)) {
      throw new RetryLater(outcome.error ?? 'Sync failed; will retry');
    }
    // The token stays in IndexedDB only while changes wait for the worker.
    if ((await db.outbox.count()) === 0 || outcome.status === 401 || outcome.status === 403) await db.meta.delete(SW_TOKEN_META_KEY);
    return outcome;
  } finally {
    if (!options.db) db.close();
  }
}

/**
 * How the worker keeps trying within one sync event while the browser says it is online but the
 * server does not answer (lie-fi): the browser's own next attempt comes about five minutes after a
 * failed one, so the worker retries itself, quickly at first, for as long as the browser lets a
 * sync event run (Chromium ends one after three minutes), then leaves the rest to the browser.
 */
export const WORKER_RETRY_DELAYS_MS = [1_000, 2_000, 3_000, 5_000, 8_000, 10_000];
export const WORKER_RETRY_WINDOW_MS = 150_000;

export interface WorkerRetryOptions extends WorkerFlushOptions {
  delaysMs?: readonly number[];
  windowMs?: number;
  /** Whether the browser says it is online: offline, the browser's sync event comes back by itself. */
  online?: () => boolean;
  now?: () => number;
}

export async function flushOutboxWithRetries(fetchImpl: typeof fetch, options: WorkerRetryOptions = {}): Promise<SyncOutcome | null> {
  const delays = options.delaysMs ?? WORKER_RETRY_DELAYS_MS;
  const now = options.now ?? Date.now;
  const online = options.online ?? (() => true);
  const until = now() + (options.windowMs ?? WORKER_RETRY_WINDOW_MS);
  for (let attempt = 0; ; attempt++) {
    try {
      return await flushOutboxFromWorker(fetchImpl, options);
    } catch (error) {
      const wait = delays[Math.min(attempt, delays.length - 1)] ?? 0;
      if (!(error instanceof RetryLater) || !online() || now() + wait > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

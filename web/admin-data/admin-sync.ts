/**
 * The page's wiring of the sync engine: one engine per tab on the shared Dexie database, the
 * window's fetch and the stored token, and a loop that flushes on reconnect and on an interval.
 */
import { db } from '../db/db';
import { getToken } from '../auth/token';
import { createSyncEngine, type SyncEngine } from './engine';
import { refreshShopTimeZone } from './shop-time-zone';
import { createHttpTransport } from './transport';

export const SYNC_INTERVAL_MS = 15_000;

let engine: SyncEngine | null = null;
let unauthorized: () => void = () => undefined;

/** AdminApp points this at its 401 handling (drop the token, show the login). */
export function setSyncUnauthorizedHandler(handler: () => void): void {
  unauthorized = handler;
}

export function adminSyncEngine(): SyncEngine {
  engine ??= createSyncEngine({
    db,
    transport: createHttpTransport({
      fetch: (input, init) => fetch(input, init),
      getToken,
      onUnauthorized: () => unauthorized(),
    }),
  });
  return engine;
}

/**
 * Starts syncing now, on every reconnect, when the tab comes back and every 15 s while online; reads
 * the shop's time zone once per start.
 */
export function startSyncLoop(onSynced?: () => void): () => void {
  const engine = adminSyncEngine();
  let stopped = false;
  let knowsTimeZone = false;
  const run = () => {
    if (stopped || !navigator.onLine || !getToken()) return;
    void engine.sync().then(() => onSynced?.());
    if (!knowsTimeZone) {
      knowsTimeZone = true;
      // Tried again on the next round when it fails; the filter keeps the stored zone meanwhile.
      refreshShopTimeZone().catch(() => (knowsTimeZone = false));
    }
  };
  const onVisible = () => document.visibilityState === 'visible' && run();
  run();
  const timer = setInterval(run, SYNC_INTERVAL_MS);
  window.addEventListener('online', run);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    stopped = true;
    clearInterval(timer);
    window.removeEventListener('online', run);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** Pushes right away after a local change when the tablet is online; otherwise the loop will. */
export function flushSoon(): void {
  if (navigator.onLine && getToken()) void adminSyncEngine().sync();
}

/**
 * The page's wiring of the sync engine: one engine per tab on the shared Dexie database, the
 * window's fetch and the stored token, and a loop that flushes on reconnect and on an interval,
 * probing often while the server is out of reach.
 */
import { db } from '../db/db';
import { getToken } from '../auth/token';
import { createSyncEngine, type SyncEngine, type SyncOutcome } from './engine';
import { isUnreachableStatus, readSyncState, writeSyncState, type ServerReach } from './sync-activity';
import { probeServer } from '../api/probe';
import { refreshShopTimeZone } from './shop-time-zone';
import { createHttpTransport } from './transport';
import { startLiveUpdatesInOneTab } from './live-updates';
import type { OrderChangeEvent } from '../../shared/sync';

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

/** While the server is out of reach, how often the loop asks /api/health whether it is back. */
export const PROBE_INTERVAL_MS = 2_500;
/** A probe that hangs (Wi-Fi up, packets dropped) gives up after this, so the next one can start. */
const PROBE_TIMEOUT_MS = 2_000;

/** Whether /api/health answers 200 within the probe's time, on a live connection (probe.ts). */
async function serverAnswers(): Promise<boolean> {
  return (await probeServer({ timeoutMs: PROBE_TIMEOUT_MS })) === 'ok';
}

/** This tab's own view, for its loop's pace; the device's shared state is in Dexie (sync-activity.ts). */
let roundRunning = false;
let another = false;
let lastReach: ServerReach = 'checking';
let confirmedHere = false;

async function setReach(reach: ServerReach, syncing: boolean): Promise<void> {
  lastReach = reach;
  await writeSyncState(db, { reach, syncing }).catch(() => undefined);
}

/**
 * One sync round. Until this page has heard the server, and while the server is out of reach, a
 * round first asks /api/health (short timeout), so a hanging push does not hold the answer back and
 * the bar says 'checking', never 'online', before the server has answered. A round that fails for
 * want of an answer asks /api/health too: only an unanswered health check makes the server
 * 'unreachable'. Every tab of the device shows what the last round found.
 */
export async function syncRound(): Promise<SyncOutcome | null> {
  // A change queued while a round runs may have missed its push: one more round follows.
  if (roundRunning) {
    another = true;
    return null;
  }
  roundRunning = true;
  try {
    const shared = await readSyncState(db).catch(() => undefined);
    if (!confirmedHere || lastReach !== 'online' || shared?.reach !== 'online') {
      if (!confirmedHere && shared?.reach !== 'unreachable') await setReach('checking', false);
      if (!(await serverAnswers())) {
        await setReach('unreachable', false);
        return null;
      }
    }
    await setReach('online', true);
    const outcome = await adminSyncEngine().sync();
    const reach = !outcome.ok && isUnreachableStatus(outcome.status) && !(await serverAnswers()) ? 'unreachable' : 'online';
    confirmedHere ||= reach === 'online';
    await setReach(reach, false);
    return outcome;
  } finally {
    roundRunning = false;
    if (another) {
      another = false;
      void syncRound();
    }
  }
}

/**
 * Starts syncing now, on every reconnect, when the tab comes back and every 15 s while online;
 * while the browser is online but the server does not answer, every 2.5 s, so waiting changes go
 * out within seconds of the server's return without a tap. Reads the shop's time zone once per start.
 */
export function startSyncLoop(onSynced?: () => void): () => void {
  let stopped = false;
  let knowsTimeZone = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(run, lastReach === 'online' ? SYNC_INTERVAL_MS : PROBE_INTERVAL_MS);
  };
  const run = () => {
    if (stopped) return;
    if (!navigator.onLine || !getToken()) return schedule();
    void syncRound().then((outcome) => {
      if (outcome) onSynced?.();
      schedule();
    });
    if (!knowsTimeZone) {
      knowsTimeZone = true;
      // Tried again on the next round when it fails; the filter keeps the stored zone meanwhile.
      refreshShopTimeZone().catch(() => (knowsTimeZone = false));
    }
  };
  const onVisible = () => document.visibilityState === 'visible' && run();
  run();
  window.addEventListener('online', run);
  document.addEventListener('visibilitychange', onVisible);
  const stopLive = listenForChanges();
  return () => {
    stopped = true;
    stopLive();
    clearTimeout(timer);
    window.removeEventListener('online', run);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/**
 * Another device's change reaches this tablet within a second: the server names each changed order
 * and its version (GET /api/sync/events, read by one tab of the device), and a change the cache does
 * not have yet starts a pull; the interval's pulls remain the fallback.
 */
function listenForChanges(): () => void {
  let pullTimer: ReturnType<typeof setTimeout> | undefined;
  const pullSoon = () => {
    clearTimeout(pullTimer);
    // A burst of events (a batch of checkouts) becomes one pull.
    pullTimer = setTimeout(() => navigator.onLine && void syncRound(), 50);
  };
  // Events of a burst (a batch of marks comes back as one event per order) are checked against the
  // cache together: each read brings a whole bucket of orders.
  const named = new Map<string, number>();
  let checkTimer: ReturnType<typeof setTimeout> | undefined;
  const checkNamed = () => {
    checkTimer = undefined;
    const events = [...named];
    named.clear();
    void db.orderCache.bulkGet(events.map(([id]) => id)).then((cached) => {
      if (events.some(([, version], index) => !cached[index] || cached[index].version < version)) pullSoon();
    });
  };
  const onChange = (event: OrderChangeEvent) => {
    named.set(event.id, Math.max(event.version, named.get(event.id) ?? 0));
    checkTimer ??= setTimeout(checkNamed, 20);
  };
  const stop = startLiveUpdatesInOneTab({ fetch: (input, init) => fetch(input, init), getToken, onReady: pullSoon, onChange });
  return () => {
    clearTimeout(pullTimer);
    clearTimeout(checkTimer);
    stop();
  };
}

/** Pushes right away after a local change when the tablet is online; otherwise the loop will. */
export function flushSoon(): void {
  if (navigator.onLine && getToken()) void syncRound();
}

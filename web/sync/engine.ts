/**
 * The admin sync engine (design.md §4): cursor pulls into the order cache, outbox pushes, and
 * conflicts kept for the admin to re-apply or drop. No React, no window: the page (or a service
 * worker) gives it the database, a transport and a lock.
 */
import { SYNC_PULL_MAX_LIMIT, SYNC_PUSH_MAX_MUTATIONS, type SyncMutation, type SyncMutationResult } from '../../shared/sync';
import type { AdminOrderView } from '../../shared/api/types';
import type { CachedOrder, OutboxEntry, ShopDatabase } from '../db/db';
import { createSyncLock, type SyncLock } from './lock';
import { SYNC_META } from './meta-keys';
import { toCachedOrder } from './order-cache';
import { queueStatusChanges, type ConflictRecord, type SeenOrder, type StatusChange } from './outbox';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../api/api-error';
import type { SyncTransport } from './transport';
import { undoMark, type MarkToUndo, type UndoResult } from './undo-mark';

/**
 * Orders a pull holds before writing them with the cursor in one transaction, at least. A large
 * group rewrites every bucket of the cache (order-cache-table.ts), so few large groups cost less
 * than many small ones: a shop's first pull is one write once the last page is in, and a larger
 * pull writes a group whenever it holds as many orders as it has written before, so the writes
 * cost at most about twice the orders pulled while memory stays bounded.
 */
const PULL_WRITE_GROUP = 10_000;
/** Groups that may wait to be written while the next pages download. */
const PULL_QUEUED_GROUPS = 2;

export interface SyncEngineOptions {
  db: ShopDatabase;
  transport: SyncTransport;
  lock?: SyncLock;
  now?: () => Date;
  pullLimit?: number;
  pushLimit?: number;
  /** Orders a pull writes in its first group (PULL_WRITE_GROUP); later groups grow. */
  pullWriteGroup?: number;
}

export interface SyncOutcome {
  ok: boolean;
  pushed: number;
  pulled: number;
  conflicts: number;
  error?: string;
  status?: number;
}

export interface SyncEngine {
  /** Push the outbox, then pull what changed. Safe to call from many places at once. */
  sync(): Promise<SyncOutcome>;
  flush(): Promise<SyncOutcome>;
  pull(): Promise<SyncOutcome>;
  queueStatusChanges(changes: readonly StatusChange[]): Promise<SyncMutation[]>;
  /**
   * Re-apply queues the conflicting change again on top of the order the admin was shown (`seen`);
   * if the order has moved on since, nothing is queued and the conflict now names the live order
   * ('stale'). Drop forgets the change.
   */
  resolveConflict(conflictId: string, action: 'reapply' | 'drop', seen?: SeenOrder): Promise<'resolved' | 'stale'>;
  /** Takes fulfillment marks back (undo-mark.ts); waits for a push in flight to settle first. */
  undoMarks(marks: readonly MarkToUndo[]): Promise<UndoResult[]>;
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { db, transport } = options;
  const now = options.now ?? (() => new Date());
  const lock = options.lock ?? createSyncLock(db);
  const pullLimit = Math.min(options.pullLimit ?? SYNC_PULL_MAX_LIMIT, SYNC_PULL_MAX_LIMIT);
  const pushLimit = Math.min(options.pushLimit ?? SYNC_PUSH_MAX_MUTATIONS, SYNC_PUSH_MAX_MUTATIONS);
  const pullWriteGroup = options.pullWriteGroup ?? PULL_WRITE_GROUP;

  async function writeServerOrders(orders: readonly AdminOrderView[]): Promise<void> {
    if (!orders.length) return;
    const ids = orders.map((o) => o.id);
    const pending = await db.outbox.where('orderId').anyOf(ids).toArray();
    const byOrder = new Map<string, OutboxEntry[]>();
    for (const entry of pending.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
      const list = byOrder.get(entry.orderId) ?? [];
      list.push(entry);
      byOrder.set(entry.orderId, list);
    }
    await db.orderCache.bulkPut(orders.map((o) => toCachedOrder(o, (byOrder.get(o.id) ?? []).map((e) => e.mutation))));
  }

  async function markSynced(): Promise<void> {
    await db.meta.bulkPut([
      { key: SYNC_META.lastSyncAt, value: now().toISOString() },
      { key: SYNC_META.lastError, value: null },
    ]);
  }

  async function recordFailure(error: unknown): Promise<SyncOutcome> {
    const message = syncFailureMessage(error);
    const status = error instanceof ApiError ? error.status : -1;
    await db.meta.put({ key: SYNC_META.lastError, value: { message, status, at: now().toISOString() } });
    return { ok: false, pushed: 0, pulled: 0, conflicts: 0, error: message, status };
  }

  /**
   * Pulls every change since the cursor. Pages are written in growing groups (PULL_WRITE_GROUP),
   * each group with its cursor in one transaction, so a crash mid-pull re-fetches only the groups
   * not yet written. Downloads do not wait for writes: groups are written one after another behind
   * them (at most PULL_QUEUED_GROUPS waiting), so the network, the server and IndexedDB overlap.
   */
  async function pullUnlocked(): Promise<number> {
    let pulled = 0;
    let grouped = 0;
    let cursor = ((await db.meta.get(SYNC_META.cursor))?.value as string | undefined) ?? null;
    let buffer: AdminOrderView[] = [];
    const write = async (orders: AdminOrderView[], nextCursor: string) => {
      await db.transaction('rw', db.orderBuckets, db.outbox, db.meta, async () => {
        await writeServerOrders(orders);
        await db.meta.put({ key: SYNC_META.cursor, value: nextCursor });
      });
    };
    // Groups commit strictly in order: a failed group stops the ones behind it, so the stored
    // cursor never moves past orders that were not stored.
    let written: Promise<void> = Promise.resolve();
    const waiting: Promise<void>[] = [];
    const queueWrite = (orders: AdminOrderView[], nextCursor: string) => {
      written = written.then(() => write(orders, nextCursor));
      written.catch(() => undefined);
      waiting.push(written);
    };
    try {
      for (;;) {
        const page = await transport.pull(cursor, pullLimit);
        pulled += page.orders.length;
        buffer.push(...page.orders);
        const done = !page.hasMore || page.cursor === cursor;
        if (done || buffer.length >= Math.max(pullWriteGroup, grouped)) {
          grouped += buffer.length;
          queueWrite(buffer, page.cursor);
          buffer = [];
          // When the network outruns the disk, wait rather than hold every page in memory.
          if (waiting.length > PULL_QUEUED_GROUPS) await waiting.shift();
        }
        if (done) break;
        cursor = page.cursor;
      }
    } catch (error) {
      await written.catch(() => undefined);
      throw error;
    }
    await written;
    return pulled;
  }

  /** The next batch: outbox entries in queue order, stopping before a second change of one order. */
  async function nextBatch(): Promise<OutboxEntry[]> {
    const head = await db.outbox.orderBy('seq').limit(pushLimit).toArray();
    const seen = new Set<string>();
    const batch: OutboxEntry[] = [];
    for (const entry of head) {
      if (seen.has(entry.orderId)) break;
      seen.add(entry.orderId);
      batch.push(entry);
    }
    return batch;
  }

  /**
   * Settles one pushed batch in one transaction. Acknowledged entries leave the outbox; a later
   * change of the same order that was queued on the same version now builds on the version this
   * change left behind (it was made on top of this one), never on a newer version another device
   * made (a replay's answer carries the order as it is now); conflicts and refusals become conflict rows.
   */
  async function applyResults(batch: OutboxEntry[], results: SyncMutationResult[]): Promise<{ done: number; conflicts: number }> {
    const byId = new Map(results.map((r) => [r.id, r]));
    const settled = batch.filter((entry) => byId.has(entry.id));
    let conflicts = 0;
    await db.transaction('rw', db.orderBuckets, db.outbox, db.conflicts, async () => {
      await db.outbox.bulkDelete(settled.map((e) => e.seq!));
      const orderIds = settled.map((e) => e.orderId);
      const remaining = (await db.outbox.where('orderId').anyOf(orderIds).toArray()).sort((a, b) => a.seq! - b.seq!);
      const remainingByOrder = new Map<string, OutboxEntry[]>();
      for (const entry of remaining) {
        const list = remainingByOrder.get(entry.orderId) ?? [];
        list.push(entry);
        remainingByOrder.set(entry.orderId, list);
      }
      const cachedOrders = await db.orderCache.bulkGet(orderIds);
      const rebased: OutboxEntry[] = [];
      const records: ConflictRecord[] = [];
      const writes: CachedOrder[] = [];
      settled.forEach((entry, index) => {
        const result = byId.get(entry.id)!;
        const later = remainingByOrder.get(entry.orderId) ?? [];
        const cached = cachedOrders[index];
        if (result.result === 'conflict' || result.result === 'invalid') {
          conflicts++;
          records.push({
            id: entry.id,
            orderId: entry.orderId,
            orderNumber: result.order?.orderNumber ?? cached?.orderNumber ?? '',
            mutation: entry.mutation,
            serverStatus: result.order?.status ?? cached?.status ?? '',
            serverVersion: result.order?.version ?? cached?.version ?? 0,
            detectedAt: now().getTime(),
            reason: result.result,
            ...(result.error ? { error: result.error } : {}),
          });
        } else {
          const own = ownVersion(result);
          for (const next of own === null ? [] : later) {
            if (next.mutation.baseVersion !== entry.mutation.baseVersion) continue;
            next.mutation = { ...next.mutation, baseVersion: own! };
            rebased.push(next);
          }
        }
        if (result.order) writes.push(toCachedOrder(result.order, later.map((e) => e.mutation)));
        else if (cached) writes.push({ ...cached, pendingCount: later.length });
      });
      if (rebased.length) await db.outbox.bulkPut(rebased);
      if (records.length) await db.conflicts.bulkPut(records);
      if (writes.length) await db.orderCache.bulkPut(writes);
    });
    return { done: settled.length, conflicts };
  }

  async function flushUnlocked(): Promise<{ pushed: number; conflicts: number }> {
    let pushed = 0;
    let conflicts = 0;
    for (;;) {
      const batch = await nextBatch();
      if (!batch.length) break;
      let response;
      try {
        response = await transport.push(batch.map((e) => e.mutation));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await db.outbox.bulkUpdate(batch.map((e) => ({ key: e.seq!, changes: { attempts: e.attempts + 1, lastError: message } })));
        throw error;
      }
      const outcome = await applyResults(batch, response?.results ?? []);
      pushed += outcome.done;
      conflicts += outcome.conflicts;
      // A server that answered none of the batch would loop forever; try again on the next round.
      if (outcome.done === 0) break;
    }
    return { pushed, conflicts };
  }

  async function guarded(work: () => Promise<Omit<SyncOutcome, 'ok'>>): Promise<SyncOutcome> {
    return lock.run(async () => {
      try {
        const outcome = await work();
        await markSynced();
        return { ok: true, ...outcome };
      } catch (error) {
        return recordFailure(error);
      }
    });
  }

  return {
    sync: () =>
      guarded(async () => {
        const { pushed, conflicts } = await flushUnlocked();
        const pulled = await pullUnlocked();
        return { pushed, conflicts, pulled };
      }),
    flush: () => guarded(async () => ({ ...(await flushUnlocked()), pulled: 0 })),
    pull: () => guarded(async () => ({ pushed: 0, conflicts: 0, pulled: await pullUnlocked() })),
    queueStatusChanges: (changes) => queueStatusChanges(db, changes, now),
    undoMarks: (marks) =>
      lock.run(async () => {
        const results: UndoResult[] = [];
        for (const mark of marks) results.push(await undoMark(db, mark, now));
        return results;
      }),
    async resolveConflict(conflictId, action, seen) {
      if (action === 'drop') {
        await db.conflicts.delete(conflictId);
        return 'resolved';
      }
      return db.transaction('rw', db.orderBuckets, db.outbox, db.conflicts, async () => {
        const conflict = await db.conflicts.get(conflictId);
        if (!conflict) return 'resolved';
        const live = await db.orderCache.get(conflict.orderId);
        if (seen && live && (live.status !== seen.status || live.version !== seen.version)) {
          // A new conflict: the admin must see the status they would override before overriding it.
          await db.conflicts.put({ ...conflict, serverStatus: live.status, serverVersion: live.version, detectedAt: now().getTime() });
          return 'stale';
        }
        const { status, trackingNumber } = conflict.mutation;
        await queueStatusChanges(db, [{ orderId: conflict.orderId, status, trackingNumber, seen }], now);
        await db.conflicts.delete(conflictId);
        return 'resolved';
      });
    },
  };
}

/**
 * The version an acknowledged change left behind, which later changes of this tablet may build on:
 * `appliedVersion`, or for an `applied` answer of an older server the order it answered with (the
 * one it just wrote). A replay answered without one gives nothing to build on: later changes keep
 * their version, and the server answers them a conflict if anyone changed the order since.
 */
function ownVersion(result: SyncMutationResult): number | null {
  if (result.appliedVersion !== undefined) return result.appliedVersion;
  if (result.result === 'applied' && result.order) return result.order.version;
  return null;
}

/** The sync panel shows the server's own words for a refusal; a network failure shows nothing. */
function syncFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  if (error.isNetwork) return NETWORK_ERROR_MESSAGE;
  return typeof error.body.error === 'string' && error.body.error ? error.body.error : `Sync failed (${error.status})`;
}

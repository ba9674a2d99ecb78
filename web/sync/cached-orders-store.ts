/**
 * Every cached admin order in memory, newest first, kept current from the order change feed
 * (web/db/order-change-feed.ts) instead of re-reading the whole cache after every write: the
 * cache in IndexedDB stays the source, this is the page's view of it. One store per page, shared
 * by every admin screen, so switching tabs in the dashboard does not read the cache again.
 */
import type { CachedOrder, ShopDatabase } from '../db/db';
import type { OrderChanges } from '../db/order-change-feed';

export const newestFirst = (a: CachedOrder, b: CachedOrder) => b.createdAtMs - a.createdAtMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Two lists, each newest first, as one list newest first. */
export function mergeSorted(a: readonly CachedOrder[], b: readonly CachedOrder[]): CachedOrder[] {
  const result: CachedOrder[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) result[k++] = newestFirst(a[i], b[j]) <= 0 ? a[i++] : b[j++];
  while (i < a.length) result[k++] = a[i++];
  while (j < b.length) result[k++] = b[j++];
  return result;
}

export interface CachedOrdersStore {
  /** For useSyncExternalStore; the first subscriber starts the initial read. */
  subscribe(listener: () => void): () => void;
  /** Every cached order, newest first; undefined until the first read. A new array after each change. */
  getSnapshot(): CachedOrder[] | undefined;
  /** Resolves once every change reported so far is applied (for tests). */
  settled(): Promise<void>;
}

export function createCachedOrdersStore(db: ShopDatabase): CachedOrdersStore {
  let orders: CachedOrder[] | undefined;
  let byId = new Map<string, CachedOrder>();
  /** Index of each order in `orders`, built when first needed after a sort. */
  let positions: Map<string, number> | null = null;
  const listeners = new Set<() => void>();
  let started = false;
  // Reads and changes are applied strictly one after another, in the order they were reported,
  // so a change committed while a read is in flight lands on top of that read, never under it.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (work: () => Promise<void> | void) => {
    queue = queue.then(work).catch((error: unknown) => {
      console.error('Reading the order cache failed; reading it all again', error);
      queue = queue.then(loadAll).catch(() => undefined);
    });
  };

  function emit() {
    for (const listener of listeners) listener();
  }

  async function loadAll(): Promise<void> {
    const all = await db.orderCache.toArray();
    byId = new Map(all.map((order) => [order.id, order]));
    orders = all.sort(newestFirst);
    positions = null;
    emit();
  }

  async function apply(changes: OrderChanges): Promise<void> {
    if (changes.everything || !orders) return loadAll();
    let rows = changes.rows;
    let deletedIds = changes.deletedIds;
    if (changes.changedIds.length) {
      // Another page wrote these: read what they are now (missing means deleted).
      const read = await db.orderCache.bulkGet(changes.changedIds);
      rows = [...rows];
      deletedIds = [...deletedIds];
      changes.changedIds.forEach((id, index) => {
        const row = read[index];
        if (row) rows.push(row);
        else deletedIds.push(id);
      });
    }
    merge(rows, deletedIds);
  }

  function merge(rows: readonly CachedOrder[], deletedIds: readonly string[]) {
    if (!orders || (!rows.length && !deletedIds.length)) return;
    // A status change keeps the order's place (createdAt never changes): replace it where it is.
    const inPlace = !deletedIds.some((id) => byId.has(id)) && rows.every((row) => byId.get(row.id)?.createdAtMs === row.createdAtMs);
    for (const row of rows) byId.set(row.id, row);
    for (const id of deletedIds) byId.delete(id);
    if (inPlace) {
      positions ??= new Map(orders.map((order, index) => [order.id, index]));
      const next = orders.slice();
      for (const row of rows) next[positions.get(row.id)!] = row;
      orders = next;
    } else {
      // The rest keeps its order: merge the few changed rows into it rather than sort everything.
      const changed = new Set([...rows.map((row) => row.id), ...deletedIds]);
      const added = [...changed].flatMap((id) => byId.get(id) ?? []).sort(newestFirst);
      orders = mergeSorted(orders.filter((order) => !changed.has(order.id)), added);
      positions = null;
    }
    emit();
  }

  function start() {
    if (started) return;
    started = true;
    // Subscribe before reading, so nothing committed in between is missed.
    db.orderChanges.subscribe((changes) => enqueue(() => apply(changes)));
    enqueue(loadAll);
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      start();
      return () => listeners.delete(listener);
    },
    getSnapshot: () => orders,
    settled: async () => {
      // A change may enqueue more work while the queue drains.
      let seen: Promise<void> | undefined;
      while (seen !== queue) await (seen = queue);
    },
  };
}
